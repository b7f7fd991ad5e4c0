# Sums along axes: an int axis (negative counts from the end), a tuple of axes, a dtype,
# and an axis out of range (numpy.exceptions.AxisError).
import numpy as np
from numba import njit


@njit("(float64[:, :, :], int64)")
def one(a, ax):
    return np.sum(a, axis=ax)


@njit("(int32[:, :, :],)")
def tup(a):
    return np.sum(a, axis=(0, 2)), a.sum(axis=(1,)), np.sum(a, axis=(0, 1, 2))


@njit("(int32[:, :],)")
def dt(a):
    return np.sum(a, dtype=np.float64), a.sum(axis=0, dtype=np.int64)


CALLS = [
    ("one", (np.arange(24.0).reshape(2, 3, 4), 0)),
    ("one", (np.arange(24.0).reshape(2, 3, 4), -1)),
    ("one", (np.arange(24.0).reshape(2, 3, 4), 3)),
    ("tup", (np.arange(24, dtype=np.int32).reshape(2, 3, 4),)),
    ("dt", (np.array([[1, 2], [3, 2147483647]], dtype=np.int32),)),
]
