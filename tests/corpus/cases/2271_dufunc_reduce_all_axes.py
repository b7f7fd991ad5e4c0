# DUFunc.reduce over all axes (axis=None: along axis 0 again and again, dtype= and initial=
# for the first step only) and over a pair of axes, in jit code.
import numpy as np
from numba import njit, vectorize


@vectorize(["int64(int64, int64)", "float64(float64, float64)"], identity=0)
def add0(x, y):
    return x + y


@vectorize(["int64(int64, int64)", "float64(float64, float64)"])
def maxv(x, y):
    return x if x > y else y


@vectorize(["float64(float64, float64)"], identity="reorderable")
def addr(x, y):
    return x + y


@njit
def all_reorderable(a):
    return addr.reduce(a, axis=None)


@njit
def all_axes(a):
    return add0.reduce(a, axis=None)


@njit
def all_max(a):
    return maxv.reduce(a, axis=None)


@njit
def pair(a, i, j):
    return add0.reduce(a, axis=(i, j))


@njit
def pair_max(a):
    return maxv.reduce(a, axis=(0, 1))


@njit
def single(a):
    return add0.reduce(a, axis=(1,))


@njit
def all_initial(a):
    return add0.reduce(a, axis=None, initial=10)


CALLS = [
    ("all_axes", (np.arange(6).reshape(2, 3),)),
    ("all_axes", (np.arange(24.0).reshape(2, 3, 4) / 7,)),
    ("all_axes", (np.arange(5),)),
    ("all_max", (np.array([[1.0, 9.0], [4.0, 2.0]]),)),
    ("pair", (np.arange(24.0).reshape(2, 3, 4), 0, 2)),
    ("pair", (np.arange(24.0).reshape(2, 3, 4), 2, 1)),
    ("pair", (np.arange(24.0).reshape(2, 3, 4), -1, 0)),
    ("pair", (np.arange(6.0).reshape(2, 3), 0, 1)),
    ("pair", (np.arange(6.0).reshape(2, 3), 1, 1)),
    ("pair_max", (np.arange(12).reshape(3, 4),)),
    ("single", (np.arange(6).reshape(2, 3),)),
    ("all_initial", (np.arange(6).reshape(2, 3),)),
    ("all_reorderable", (np.arange(6.0).reshape(3, 2),)),
    ("all_reorderable", (np.zeros((0, 2)),)),
    ("all_axes", (np.array(3.0),)),
    ("single", (np.array(3.0),)),
]
