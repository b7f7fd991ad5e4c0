import numpy as np
from numba import njit, types
from numba.typed import Dict


@njit("(int64,)")
def methods(n):
    d = {1: 1.5, 2: 2.5}
    d[n] = 0.25
    a = d.get(n)
    b = d.get(100, -1.0)
    c = d.pop(1)
    e = d.pop(50, 9.0)
    f = d.setdefault(2, 7.0)
    g = d.setdefault(11, 7.0)
    del d[2]
    h = d.popitem()
    c2 = d.copy()
    d.update({20: 20.0, 21: 21.0})
    order = 0
    for k in d:
        order = order * 100 + k
    return d, c2, a, b, c, e, f, g, h, order, 11 in d, 2 in d, len(d)


@njit("(int64,)")
def views(n):
    d = Dict.empty(key_type=types.int64, value_type=types.int64)
    for i in range(n):
        d[n - i] = i * i
    ks = 0
    for k in d.keys():
        ks = ks * 10 + k
    vs = 0
    for v in d.values():
        vs += v
    items = 0
    for k, v in d.items():
        items += k * v
    d.clear()
    d[5] = 1
    return ks, vs, items, d


@njit("(int64,)")
def missing_key(n):
    d = {1: 1.0}
    return d[n]


@njit("(int64,)")
def del_missing(n):
    d = {1: 1.0}
    del d[n]
    return len(d)


@njit("(int64,)")
def pop_missing(n):
    d = {1: 1.0}
    return d.pop(n)


@njit("(int64,)")
def popitem_empty(n):
    d = {1: n}
    d.popitem()
    return d.popitem()


@njit("(float64,)")
def float_keys(x):
    d = {0.0: 1, 1.5: 2}
    d[-0.0] = 3
    d[x] = 4
    d[np.nan] = 5
    d[np.nan] = 6
    return len(d), d[0.0], d.get(x), np.nan in d


@njit("(int64, int64)")
def tuple_keys(a, b):
    d = {(a, b): 1.0, (b, a): 2.0}
    d[(a, b)] += 10.0
    s = {(a, b), (b, a), (a, b)}
    return d, len(s), (b, a) in d, d[(a, b)]


@njit("(boolean,)")
def bool_keys(t):
    d = {True: 1.5, False: 0.5}
    d[t] = 5.0
    return d


@njit("(int64,)")
def tuple_values(n):
    d = {}
    for i in range(n):
        d[i] = (i, i * 0.5, i % 2 == 0)
    x, y, z = d[n - 1]
    return d, x + y, z


@njit("(int64,)")
def comprehension(n):
    sq = {i: i * i for i in range(n)}
    inv = {v: k for k, v in sq.items() if v > 1}
    return sq, inv


CALLS = [
    ("methods", (3,)),
    ("methods", (1,)),
    ("views", (4,)),
    ("missing_key", (1,)),
    ("missing_key", (2,)),
    ("del_missing", (2,)),
    ("pop_missing", (2,)),
    ("popitem_empty", (1,)),
    ("float_keys", (2.5,)),
    ("float_keys", (0.0,)),
    ("tuple_keys", (1, 2)),
    ("tuple_keys", (3, 3)),
    ("bool_keys", (True,)),
    ("tuple_values", (3,)),
    ("comprehension", (5,)),
]
