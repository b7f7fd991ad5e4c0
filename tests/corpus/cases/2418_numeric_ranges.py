import numpy as np
from numba import njit


@njit
def rlist(a, b, c):
    out = []
    for i in range(a, b, c):
        out.append(i)
    return out


@njit
def rlen(a, b, c):
    return len(range(a, b, c))


@njit
def rsum(a, b, c):
    s = 0
    for i in range(a, b, c):
        s += i
    return s


@njit
def rcount(a, b):
    n = 0
    for i in range(a, b):
        n += 1
    return n


@njit
def rlast(a, b, c):
    last = -1
    for i in range(a, b, c):
        last = i
    return last


@njit
def rrev(n):
    out = []
    for i in range(n - 1, -1, -1):
        out.append(i)
    return out


@njit
def rstep0(n):
    s = 0
    for i in range(0, n, 0):
        s += i
    return s


@njit
def rcontains(x):
    return x in range(0, 10, 3)


@njit
def rindex(a, b, c, i):
    return range(a, b, c)[i]


CALLS = [
    ("rlist", (10, 0, -3)), ("rlist", (0, 10, -1)), ("rlist", (-5, 5, 4)), ("rlist", (5, -5, -4)),
    ("rlen", (0, 10, 3)), ("rlen", (10, 0, -3)), ("rlen", (0, 10, -3)), ("rlen", (-9223372036854775808, 9223372036854775807, 1)),
    ("rlen", (-9223372036854775808, 9223372036854775807, 2)), ("rlen", (9223372036854775807, -9223372036854775808, -4611686018427387904)),
    ("rlen", (0, 0, 1)),
    ("rsum", (9223372036854775800, 9223372036854775807, 3)),
    ("rcount", (9223372036854775805, 9223372036854775807)),
    ("rcount", (-9223372036854775808, -9223372036854775805)),
    ("rlast", (9223372036854775800, 9223372036854775807, 3)),
    ("rlast", (-9223372036854775800, -9223372036854775808, -3)),
    ("rlast", (0, 9223372036854775807, 4611686018427387904)),
    ("rrev", (4,)), ("rrev", (0,)),
    ("rstep0", (3,)),
    ("rcontains", (6,)), ("rcontains", (7,)), ("rcontains", (-3,)), ("rcontains", (12,)),
    ("rindex", (0, 10, 3, -1)), ("rindex", (0, 10, 3, 3)), ("rindex", (0, 10, 3, 4)), ("rindex", (10, 0, -3, -2)),
]
