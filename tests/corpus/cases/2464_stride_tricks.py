"""`np.lib.stride_tricks.sliding_window_view` and `as_strided` (Numba's overloads): views of
layout A with one more dimension per window, the windowed axes trimmed; the errors Numba's
implementation raises."""
import numpy as np
from numba import njit
from numpy.lib.stride_tricks import as_strided, sliding_window_view

TABLE = np.arange(12.0).reshape(3, 4)


@njit
def windows(x, k):
    return np.lib.stride_tricks.sliding_window_view(x, k)


@njit
def moving_sum(x, k):
    return sliding_window_view(x, k).sum(axis=-1)


@njit
def blocks(x):
    return sliding_window_view(x, (2, 2))


@njit
def along(x, k, axis):
    return sliding_window_view(x, k, axis=axis)


@njit
def twice_on_one_axis(x):
    return sliding_window_view(x, (2, 3), axis=(1, 1))


@njit
def mismatched(x):
    return sliding_window_view(x, 2)


@njit
def of_global():
    return sliding_window_view(TABLE, 3, axis=1)[1]


@njit
def strided(x):
    return as_strided(x, shape=(3, 2), strides=(8, 8))


@njit
def same_shape(x):
    return as_strided(x, strides=(0,))


@njit("float64[:, :, :](float64[:, :], int64)")
def windows_sig(x, k):
    return sliding_window_view(x, k, axis=0)


@njit("float64[:, :](float64[:], float64)")
def float_window(x, k):
    return sliding_window_view(x, k)


@njit("float64[:, :](float64[:])")
def no_strides(x):
    return as_strided(x, shape=(2, 2))


CALLS = [
    ("windows", (np.arange(5.0), 3)),
    ("windows", (np.arange(5.0), 6)),
    ("windows", (np.arange(5.0), -1)),
    ("windows", (np.arange(5.0), 0)),
    ("windows", (np.arange(10.0)[::3], 2)),
    ("moving_sum", (np.arange(6), 2)),
    ("blocks", (np.arange(12.0).reshape(3, 4),)),
    ("blocks", (np.asfortranarray(np.arange(6).reshape(2, 3)),)),
    ("along", (np.arange(12.0).reshape(3, 4), 2, 0)),
    ("along", (np.arange(12.0).reshape(3, 4), 2, -1)),
    ("along", (np.arange(12.0).reshape(3, 4), 2, 2)),
    ("twice_on_one_axis", (np.arange(12.0).reshape(3, 4),)),
    ("mismatched", (np.ones((2, 2)),)),
    ("of_global", ()),
    ("strided", (np.arange(4.0),)),
    ("same_shape", (np.arange(3),)),
    ("windows_sig", (np.arange(6.0).reshape(3, 2), 2)),
]
