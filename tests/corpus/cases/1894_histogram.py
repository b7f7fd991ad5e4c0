import numpy as np
from numba import njit


@njit("(float64[:], int64)")
def h_n(a, n):
    return np.histogram(a, bins=n)


@njit("(int64[:], int64)")
def h_int(a, n):
    return np.histogram(a, n, (0, 10))


@njit("(float32[:, :], float64[:])")
def h_edges(a, e):
    return np.histogram(a, bins=e)


@njit("(float64[:],)")
def h_default(a):
    return np.histogram(a)


@njit("(float64[:], float64, float64)")
def h_range(a, lo, hi):
    return np.histogram(a, 4, (lo, hi))


CALLS = [
    ("h_n", (np.array([0.5, -1.0, 2.0, np.nan, 3.5, 2.0, 0.0]), 4)),
    ("h_n", (np.array([1.0]), 0)),
    ("h_n", (np.array([2.0, 2.0]), 3)),
    ("h_int", (np.array([0, 1, 5, 9, 10, 11, -1]), 5)),
    ("h_edges", (np.array([[0.1, -0.7], [0.0, 1.5]], dtype=np.float32), np.array([-1.0, -0.5, 0.0, 0.0, 1.0, 2.0]))),
    ("h_edges", (np.ones((2, 2), np.float32), np.array([1.0, 0.0]))),
    ("h_default", (np.linspace(-1.0, 1.0, 23),)),
    ("h_range", (np.array([-2.0, -1.0, -0.3, 0.2, 0.99, 1.0, 4.0]), -1.0, 1.0)),
    ("h_range", (np.array([0.0]), 1.0, -1.0)),
]
