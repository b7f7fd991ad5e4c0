# np.take / a.take with an axis, and transpose with an explicit axes order.
import numpy as np
from numba import njit


@njit("(float64[:, :], int64[:])")
def take_ax(a, idx):
    return np.take(a, idx, axis=0), np.take(a, idx, axis=1), a.take(idx, 1)


@njit("(float64[:, :], int64[:])")
def take_flat(a, idx):
    return np.take(a, idx)


@njit("(int64[:, :, :],)")
def tr(a):
    return np.transpose(a, (2, 0, 1)), a.transpose((1, 2, 0)), a.transpose(0, 2, 1)


CALLS = [
    ("take_ax", (np.arange(9.0).reshape(3, 3), np.array([2, 0, -1]))),
    ("take_flat", (np.arange(6.0).reshape(2, 3), np.array([5, 0, 2]))),
    ("tr", (np.arange(24).reshape(2, 3, 4),)),
]
