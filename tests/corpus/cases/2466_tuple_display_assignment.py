"""`a, b = x, y` with up to three targets: CPython swaps the values on its stack instead of
building a tuple (PyEMD's `imax, imin = [], []` refines each list by its appends), unless the
values are constants it folds into one tuple; four or more targets unpack a tuple."""
import numpy as np
from numba import njit


@njit("UniTuple(int64, 2)(int64)")
def empty_pair(n):
    a, b = [], []
    for i in range(n):
        if i % 2:
            a.append(i)
        else:
            b.append(i)
    return len(a), len(b)


@njit("float64[:](float64[:])")
def extrema(d):
    imax, imin = [], []
    for k in range(d.size):
        if d[k] > 0:
            imax.append(d[k])
        else:
            imin.append(d[k])
    return np.array(imax) if len(imax) > len(imin) else np.array(imin)


@njit("Tuple((float64, int64))(int64, float64)")
def swap(a, b):
    a, b = b, a
    return a, b


@njit("UniTuple(int64, 3)(int64, int64, int64)")
def rotate(a, b, c):
    a, b, c = b, c, a
    return a, b, c


@njit("UniTuple(int64, 2)(int64)")
def constants(n):
    a, b = 1, -2
    return a + n, b


@njit("int64(int64)")
def single(n):
    (a,) = (n + 1,)
    return a


@njit("Tuple((int64, float64, int64))(int64, float64)")
def nested(x, y):
    (a, b), c = (x, y), x * 2
    return a, b, c


@njit("UniTuple(int64, 4)(int64)")
def four(n):
    a, b, c, d = n, n + 1, n + 2, n + 3
    return d, c, b, a


@njit("UniTuple(int64, 2)(int64)")
def list_target(n):
    [a, b] = n, [n][0]
    return a, b


@njit("int64(int64)")
def four_empties(n):
    a, b, c, d = [], [], [], []
    a.append(n)
    return len(a)


CALLS = [
    ("empty_pair", (5,)),
    ("extrema", (np.array([3.0, -1.0, 5.0]),)),
    ("swap", (1, 2.5)),
    ("rotate", (1, 2, 3)),
    ("constants", (4,)),
    ("single", (4,)),
    ("nested", (3, 0.5)),
    ("four", (1,)),
    ("list_target", (7,)),
]
