"""A zero range step: no error when the range is made or its attributes read, ValueError when
it is counted or iterated, ZeroDivisionError from `in` (the remainder by the step), which
`error_model='numpy'` makes True."""
import numpy as np
from numba import njit


@njit("int64(int64)")
def make(n):
    r = range(0, n, 0)
    return 5


@njit("boolean(int64, int64)")
def contains(x, s):
    return x in range(0, 10, s)


@njit("boolean(int64, int64)", error_model="numpy")
def contains_np(x, s):
    return x in range(0, 10, s)


@njit("boolean(uint64, uint64)")
def ucontains(x, s):
    return x in range(np.uint64(0), np.uint64(10), s)


@njit("int64(int64)")
def length(s):
    return len(range(0, 10, s))


@njit("int64(int64)")
def loop(s):
    t = 0
    for i in range(0, 10, s):
        t += i
    return t


@njit
def listify(s):
    return list(range(0, 10, s))


@njit
def sorted_range(s):
    return sorted(range(10, 0, s))


@njit(["(int64,)", "(int32,)", "(uint64,)"])
def attrs(s):
    r = range(s, 10, s)
    a = r.start
    b = r.stop
    c = r.step
    return a, b, c


CALLS = [
    ("make", (10,)),
    ("contains", (3, 0)),
    ("contains", (30, 0)),
    ("contains", (-3, 0)),
    ("contains", (3, 1)),
    ("contains", (3, -1)),
    ("contains_np", (3, 0)),
    ("contains_np", (30, 0)),
    ("contains_np", (4, 2)),
    ("ucontains", (np.uint64(3), np.uint64(0))),
    ("ucontains", (np.uint64(4), np.uint64(2))),
    ("length", (0,)),
    ("length", (3,)),
    ("loop", (0,)),
    ("loop", (-3,)),
    ("listify", (0,)),
    ("listify", (4,)),
    ("sorted_range", (0,)),
    ("sorted_range", (-3,)),
    ("attrs", (0,)),
    ("attrs", (np.int32(3),)),
    ("attrs", (np.uint64(2),)),
]
