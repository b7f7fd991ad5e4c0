# np.argmax / np.argmin along an axis (Numba's array_argmax/argmin with an axis: the reduced
# axis moved last, one index per remaining position) and a.argmax(axis=...).
import numpy as np
from numba import njit


@njit("(float64[:, :], int64)")
def along(a, ax):
    return np.argmax(a, axis=ax), np.argmin(a, axis=ax)


@njit("(int32[:, :, ::1],)")
def three(a):
    return np.argmax(a, 0), np.argmin(a, 2), a.argmax(axis=1)


@njit("(float64[:],)")
def vec_axis(a):
    return np.argmax(a, axis=0), np.argmin(a, axis=0)


CALLS = [
    ("along", (np.array([[1.0, 5.0, 2.0], [7.0, -1.0, 7.0]]), 0)),
    ("along", (np.array([[1.0, 5.0, 2.0], [7.0, -1.0, 7.0]]), 1)),
    ("along", (np.array([[1.0, float("nan")], [0.0, 3.0]]), 1)),
    ("along", (np.array([[1.0, 5.0]]), -1)),
    ("along", (np.array([[1.0, 5.0]]), 2)),
    ("three", (np.arange(24, dtype=np.int32).reshape(2, 3, 4) % 5,)),
    ("vec_axis", (np.array([3.0, 9.0, -2.0, 9.0]),)),
]
