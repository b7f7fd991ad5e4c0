# np.diff of C-contiguous arrays (Numba reshapes, which A layout refuses: case 1937), with n
# larger than the axis (an empty result) and a negative n (ValueError).
import numpy as np
from numba import njit


@njit("(float64[::1], int64)")
def d1(a, n):
    return np.diff(a, n)


@njit("(int64[:, ::1],)")
def d2(a):
    return np.diff(a), np.diff(a, 2)


@njit("(int32[:, :, ::1],)")
def d3(a):
    return np.diff(a)


CALLS = [
    ("d1", (np.array([1.0, 4.0, 9.0, 16.0]), 1)),
    ("d1", (np.array([1.0, 4.0, 9.0, 16.0]), 2)),
    ("d1", (np.array([1.0, 4.0, 9.0, 16.0]), 0)),
    ("d1", (np.array([1.0, 4.0]), 5)),
    ("d1", (np.array([1.0, 4.0]), -1)),
    ("d2", (np.array([[1, 3, 6, 10], [0, 0, 1, 1]]),)),
    ("d3", (np.arange(24, dtype=np.int32).reshape(2, 3, 4) ** 2,)),
]
