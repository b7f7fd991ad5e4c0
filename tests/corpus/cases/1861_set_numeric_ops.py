import numpy as np
from numba import njit


@njit("(int64,)")
def basic(n):
    s = set()
    for i in range(n):
        s.add((i * 7) % 10)
    s.discard(3)
    s.discard(99)
    s.remove(0)
    t = {1, 2, 3, 40}
    order = 0
    for x in s:
        order = order * 10 + x
    return s, len(s), 4 in s, 5 in s, order, t


@njit("(int64,)")
def algebra(n):
    a = {1, 2, 3, n}
    b = {3, 4, n}
    u = a | b
    i = a & b
    d = a - b
    x = a ^ b
    c = a.copy()
    c.update({100, 101})
    c.difference_update({1, 50})
    return u, i, d, x, c, a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b)


@njit("(int64,)")
def predicates(n):
    a = {1, 2}
    b = {1, 2, n}
    c = {7, 8}
    return a.issubset(b), b.issuperset(a), a.isdisjoint(c), b.isdisjoint(a)


@njit("(int64[:],)")
def from_array(a):
    s = set(a)
    total = 0
    while len(s) > 0:
        total = total * 10 + s.pop()
    return total


@njit("(float64[:],)")
def float_set(a):
    s = set(a)
    s.add(-0.0)
    return s, len(s)


@njit("(int64,)")
def remove_missing(n):
    s = {1, 2}
    s.remove(n)
    return len(s)


@njit("(int64,)")
def pop_empty(n):
    s = {n}
    s.pop()
    return s.pop()


@njit("(int64,)")
def grow(n):
    s = set()
    for i in range(n):
        s.add(i)
    for i in range(0, n, 2):
        s.discard(i)
    return s, s.pop(), len(s)


CALLS = [
    ("basic", (10,)),
    ("algebra", (5,)),
    ("algebra", (3,)),
    ("predicates", (3,)),
    ("predicates", (2,)),
    ("from_array", (np.array([3, 1, 3, 2, 17, 1]),)),
    ("float_set", (np.array([0.0, 1.5, 1.5, 2.0]),)),
    ("remove_missing", (1,)),
    ("remove_missing", (3,)),
    ("pop_empty", (1,)),
    ("grow", (40,)),
]
