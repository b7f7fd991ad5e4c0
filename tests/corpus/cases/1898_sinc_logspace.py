import numpy as np
from numba import njit


@njit("(float64, int64, float32[:])")
def sinc(x, n, a):
    return np.sinc(x), np.sinc(n), np.sinc(a)


@njit("(float64, int64, int64)")
def logsp(a, b, n):
    return np.logspace(a, b, n), np.logspace(b, a)


CALLS = [
    ("sinc", (0.5, 0, np.array([0.0, 0.25, -1.5, 3.0], dtype=np.float32))),
    ("sinc", (0.0, 3, np.array([np.nan, np.inf], dtype=np.float32))),
    ("logsp", (0.5, 3, 7)),
    ("logsp", (-2.0, 2, 1)),
]
