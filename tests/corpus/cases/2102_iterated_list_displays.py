# CPython turns a list display that is iterated or tested with `in` into a tuple: Numba sees
# a tuple, which it iterates when its items share a type and refuses otherwise.
from numba import njit


@njit("(int64,)")
def loop_same_type(n):
    s = 0
    for x in [n, 3, 4]:
        s += x
    return s


@njit("(int64,)")
def loop_mixed_constants(n):
    s = 0.0
    for x in [1, 2.5]:
        s += x
    return s


@njit("(int64,)")
def loop_mixed_values(n):
    s = 0.0
    for x in [n, 2.5]:
        s += x
    return s


@njit("(int64,)")
def membership(n):
    return n in [1, 2, 3], 3 not in [n, 2], 1 < n in [2, 4]


@njit("(int64,)")
def membership_mixed(n):
    return n in [1, "a"]


@njit("(int64,)")
def comprehension(n):
    return [x * n for x in [1, 2, 3]]


CALLS = [
    ("loop_same_type", (2,)),
    ("membership", (2,)),
    ("membership", (4,)),
    ("comprehension", (3,)),
]
