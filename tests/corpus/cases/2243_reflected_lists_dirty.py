# Reflected lists are written back into the caller's Python list only when the compiled code
# changed them (Numba's dirty flag): a list only read keeps its NumPy scalars; any store (even
# `l[0] = l[0]`), append, pop, sort or reverse writes every item back as compiled code boxes it.
# A returned argument list is the caller's list itself, and one list passed twice is one list.
import numpy as np
from numba import njit


@njit
def length(l):
    return len(l)


@njit
def total(l):
    s = 0.0
    for x in l:
        s += x
    return s


@njit
def same(l):
    l[0] = l[0]
    return len(l)


@njit
def grow(l):
    l.append(l[0])
    return len(l)


@njit
def shrink(l):
    l.pop()
    return len(l)


@njit
def order(l):
    l.sort()
    return len(l)


@njit
def flip(l):
    l.reverse()
    return len(l)


@njit
def two_lists(a, b):
    a.append(1)
    b.append(2)
    return len(a), len(b)


@njit
def show(l):
    return l


@njit
def show_changed(l):
    l[0] = 7
    return l


CALLS = [
    ("length", (a := [np.float64(1.5), np.float64(2.5)],)),
    ("show", (a,)),
    ("total", (b := [np.float32(1.5), np.float32(2.5)],)),
    ("show", (b,)),
    ("same", (c := [np.float64(1.5), np.float64(2.5)],)),
    ("show", (c,)),
    ("grow", (d := [np.int8(1), np.int8(2)],)),
    ("shrink", (e := [np.float64(1.5), np.float64(2.5)],)),
    ("show", (e,)),
    ("order", (f := [np.float64(2.5), np.float64(1.5)],)),
    ("show", (f,)),
    ("flip", (g := [np.int16(1), np.int16(2)],)),
    ("show", ([np.int8(1), np.int8(2)],)),
    ("show_changed", ([np.int8(1), np.int8(2)],)),
    ("length", ([1, 2, 3],)),
    ("two_lists", (h := [0], h)),
    ("show", (h,)),
    ("two_lists", ([0], [5])),
]
