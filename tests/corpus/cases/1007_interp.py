import numpy as np
from numba import njit


@njit(["(float64[:], float64[:], float64[:])", "(float64, float64[:], float64[:])", "(float32[:], float32[:], float32[:])", "(int64[:], float64[:], float64[:])"])
def np_interp(x, xp, fp):
    return np.interp(x, xp, fp)


@njit(["(float64[:], float64[:], float64)", "(float64[:], float32[:], float64)"])
def lin_interp(grid, vals, x):
    i = np.searchsorted(grid, x, side='right') - 1
    if i < 0:
        i = 0
    if i >= grid.shape[0] - 1:
        i = grid.shape[0] - 2
    w = (x - grid[i]) / (grid[i + 1] - grid[i])
    return (1.0 - w) * vals[i] + w * vals[i + 1]


@njit("(float64[:, :], float64[:], float64[:])")
def np_interp_2d(x, xp, fp):
    return np.interp(x, xp, fp)


CALLS = [("lin_interp", (np.arange(3.0), np.arange(3.0), 1.5))]
