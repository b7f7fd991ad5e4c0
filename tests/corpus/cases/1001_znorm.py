import numpy as np
from numba import njit


@njit(["(float64[:],)", "(float32[:],)", "(int64[:],)", "(float64[:, :],)"])
def znorm(a):
    mu = np.mean(a)
    sd = np.std(a)
    if sd == 0.0:
        sd = 1.0
    return (a - mu) / sd


@njit(["(float64[:, :], int64)", "(float32[:, :], int64)"])
def znorm_rows(x, m):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        row = x[i]
        mu = row.mean()
        sd = row.std()
        out[i, :] = (row - mu) / sd
    return out


CALLS = [("znorm", (np.arange(4.0),))]
