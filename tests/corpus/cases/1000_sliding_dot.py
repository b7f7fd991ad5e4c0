import numpy as np
from numba import njit


@njit(["(float64[:], float64[:])", "(float32[:], float32[:])", "(float64[:], int64[:])"])
def sliding_dot(q, t):
    m = q.shape[0]
    n = t.shape[0] - m + 1
    out = np.empty(n, dtype=np.float64)
    for i in range(n):
        out[i] = np.sum(q * t[i:i + m])
    return out


@njit(["(float64[::1], float64[::1])", "(float64[:, :], float64[:])"])
def sliding_dot_acc(q, t):
    m = len(q)
    n = len(t) - m + 1
    out = np.zeros(n)
    for i in range(n):
        acc = 0.0
        for j in range(m):
            acc += q[j] * t[i + j]
        out[i] = acc
    return out


CALLS = [("sliding_dot", (np.arange(2.0), np.arange(5.0)))]
