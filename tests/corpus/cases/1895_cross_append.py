import numpy as np
from numba import njit


@njit("(float64[:], float64[:])")
def cross_f(a, b):
    return np.cross(a, b)


@njit("(int64[:], float64[:])")
def cross_mixed(a, b):
    return np.cross(a, b)


@njit("(int32[:], int32[:])")
def cross_i(a, b):
    return np.cross(a, b)


@njit("(float64[:, :], int64[:])")
def app(a, b):
    return np.append(a, b), np.append(b, 2.5), np.append(a[:, 0], a)


CALLS = [
    ("cross_f", (np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0, 6.0]))),
    ("cross_f", (np.array([1.0, 2.0]), np.array([4.0, np.inf, 6.0]))),
    ("cross_f", (np.array([1.0, 2.0]), np.array([4.0, 5.0]))),
    ("cross_f", (np.array([1.0, 2.0, 3.0, 4.0]), np.array([4.0, 5.0, 6.0]))),
    ("cross_mixed", (np.array([1, 2, 3]), np.array([0.5, 5.0]))),
    ("cross_i", (np.array([2**30, 2, 3], dtype=np.int32), np.array([4, 2**30, 6], dtype=np.int32))),
    ("app", (np.arange(6.0).reshape(2, 3), np.array([7, 8]))),
]
