import numpy as np
from numba import njit


@njit(["(float64[:], float64[:])", "(float32[:], float32[:])", "(int64[:], int64[:])"])
def manual_corr(x, y):
    mx = x.mean()
    my = y.mean()
    dx = x - mx
    dy = y - my
    return (dx * dy).sum() / np.sqrt((dx * dx).sum() * (dy * dy).sum())


@njit(["(float64[:, :],)", "(float64[:], )"])
def np_cov(x):
    return np.cov(x)


@njit(["(float64[:], float64[:])"])
def np_corrcoef(x, y):
    return np.corrcoef(x, y)


CALLS = [("manual_corr", (np.arange(3.0), np.arange(3.0)))]
