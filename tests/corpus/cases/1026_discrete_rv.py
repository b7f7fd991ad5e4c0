import numpy as np
from numba import njit


@njit(["(float64[:], int64)", "(float32[:], int64)"])
def draw_discrete(p, k):
    q = np.cumsum(p)
    u = np.random.uniform(0.0, 1.0, size=k)
    return np.searchsorted(q, u)


@njit(["(float64[:], float64)", "(int64[:], int64)", "(float64[:], float64[:])"])
def search_both(q, x):
    left = np.searchsorted(q, x)
    right = np.searchsorted(q, x, side='right')
    return left, right


@njit("(float64[:], float64)")
def search_bad_side(q, x):
    return np.searchsorted(q, x, side=1)


CALLS = [("search_both", (np.arange(4.0), 1.0))]
