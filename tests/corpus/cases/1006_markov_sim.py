import numpy as np
from numba import njit


@njit(["(float64[:, :], int64, int64)", "(float64[:, ::1], int64, int64)", "(float32[:, :], int64, int64)"])
def simulate_chain(P, init, ts_length):
    cdfs = np.cumsum(P, axis=1)
    out = np.empty(ts_length, dtype=np.int64)
    out[0] = init
    for t in range(ts_length - 1):
        u = np.random.random()
        out[t + 1] = np.searchsorted(cdfs[out[t]], u)
    return out


@njit("(float64[:, :], int64)")
def stationary_power(P, iters):
    n = P.shape[0]
    psi = np.ones(n) / n
    for _ in range(iters):
        new = np.zeros(n)
        for j in range(n):
            for i in range(n):
                new[j] += psi[i] * P[i, j]
        psi = new
    return psi


CALLS = [("stationary_power", (np.array([[0.9, 0.1], [0.2, 0.8]]), 10))]
