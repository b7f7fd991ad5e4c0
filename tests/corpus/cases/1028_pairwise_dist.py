import numpy as np
from numba import njit


@njit(["(float64[:, :],)", "(float32[:, :],)", "(int64[:, ::1],)"])
def pairwise(x):
    n, d = x.shape
    out = np.empty((n, n))
    for i in range(n):
        for j in range(i, n):
            acc = 0.0
            for k in range(d):
                t = x[i, k] - x[j, k]
                acc += t * t
            out[i, j] = out[j, i] = np.sqrt(acc)
    return out


@njit(["(float64[:, :], float64[:])"])
def dist_to_point(x, p):
    diff = x - p
    return np.sqrt((diff ** 2).sum(axis=1))


CALLS = [("pairwise", (np.arange(4.0).reshape(2, 2),))]
