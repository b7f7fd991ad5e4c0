# np.count_nonzero along an axis, np.broadcast_arrays of numbers and tuples, *_like of
# numbers and F-ordered arrays, np.expand_dims(axis=), np.copy of numbers and tuples.
import numpy as np
from numba import njit


@njit("(int64[:, :],)")
def cnt(a):
    return np.count_nonzero(a), np.count_nonzero(a, axis=0), np.count_nonzero(a, axis=1)


@njit("(float64[:], float64)")
def bc(a, x):
    return np.broadcast_arrays(a, x), np.broadcast_arrays(x, (1.0, 2.0, 3.0))


@njit("(float64, float64[:, ::1])")
def likes(x, a):
    f = a.T
    return np.zeros_like(x), np.ones_like(f), np.full_like(f, 7.0), np.empty_like(x).shape


@njit("(float64[:],)")
def ed(a):
    return np.expand_dims(a, axis=0).shape, np.expand_dims(a, axis=1).shape, np.expand_dims(a, -1)


@njit("(int64,)")
def cp(x):
    return np.copy(x), np.copy((x, 2, 3))


CALLS = [
    ("cnt", (np.array([[0, 1, 2], [0, 0, 3]]),)),
    ("bc", (np.array([1.0, 2.0, 3.0]), 4.0)),
    ("likes", (2.0, np.arange(6.0).reshape(2, 3))),
    ("ed", (np.array([1.0, 2.0]),)),
    ("cp", (5,)),
]
