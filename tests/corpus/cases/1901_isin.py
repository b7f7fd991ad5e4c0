import numpy as np
from numba import njit


@njit("(float64[:, :], int64[:])")
def isin_a(a, b):
    return np.isin(a, b), np.isin(a, b, invert=True)


@njit("(int64, int64[:])")
def isin_s(x, b):
    return np.isin(x, b)


@njit("(uint8[:], float64[:])")
def isin_u(a, b):
    return np.isin(a, b)


CALLS = [
    ("isin_a", (np.array([[1.0, 2.5, np.nan], [-0.0, 7.0, 3.0]]), np.array([3, 0, 1, 9, 1]))),
    ("isin_a", (np.array([[1.0]]), np.array([], dtype=np.int64))),
    ("isin_s", (3, np.array([5, 3]))),
    ("isin_u", (np.array([0, 1, 255], dtype=np.uint8), np.array([np.nan, 255.0, 1.0, -0.0]))),
]
