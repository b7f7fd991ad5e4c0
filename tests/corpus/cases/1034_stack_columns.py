import numpy as np
from numba import njit


@njit(["(float64[:], float64[:])", "(int64[:], float64[:])", "(float32[:], float32[:])"])
def stacks(a, b):
    c = np.column_stack((a, b))
    v = np.vstack((a, b))
    h = np.hstack((a, b))
    s = np.stack((a, b), axis=1)
    return c, v, h, s


@njit(["(float64[:, :], float64[:, :])"])
def stack2d(a, b):
    return np.vstack((a, b)), np.hstack((a, b)), np.dstack((a, b))


@njit("(float64[:], float64[:])")
def stack_list_bad(a, b):
    return np.vstack([a, b])


CALLS = [("stacks", (np.arange(2.0), np.arange(2.0)))]
