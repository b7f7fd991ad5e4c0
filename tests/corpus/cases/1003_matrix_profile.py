import numpy as np
from numba import njit


@njit(["(float64[:], int64)", "(float32[:], int64)"])
def self_join(t, m):
    n = t.shape[0] - m + 1
    P = np.full(n, np.inf)
    I = np.full(n, -1, dtype=np.int64)
    excl = int(np.ceil(m / 4))
    for i in range(n):
        d = np.empty(n)
        for j in range(n):
            diff = t[i:i + m] - t[j:j + m]
            d[j] = np.sqrt(np.sum(diff * diff))
        lo = max(0, i - excl)
        hi = min(n, i + excl + 1)
        d[lo:hi] = np.inf
        k = np.argmin(d)
        P[i] = d[k]
        I[i] = k
    return P, I


CALLS = [("self_join", (np.sin(np.arange(20.0)), 4))]
