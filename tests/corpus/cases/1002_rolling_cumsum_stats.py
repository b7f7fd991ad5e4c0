import numpy as np
from numba import njit


@njit(["(float64[:], int64)", "(float32[:], int64)", "(int32[:], int64)"])
def moving_mean_std(t, m):
    c = np.cumsum(np.concatenate((np.zeros(1), t)))
    c2 = np.cumsum(np.concatenate((np.zeros(1), t * t)))
    n = t.shape[0] - m + 1
    mu = (c[m:] - c[:n]) / m
    var = (c2[m:] - c2[:n]) / m - mu ** 2
    sigma = np.sqrt(np.maximum(var, 0.0))
    return mu, sigma


@njit("(float64[:], float64)")
def moving_bad_window(t, m):
    c = np.cumsum(t)
    return c[m:] - c[:-m]


CALLS = [("moving_mean_std", (np.arange(6.0), 3))]
