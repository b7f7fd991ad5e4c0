import numpy as np
from numba import njit


@njit("(float64[:], int64)")
def chunks(a, k):
    parts = []
    for i in range(0, a.shape[0], k):
        parts.append(a[i:i + k])
    sizes = [p.shape[0] for p in parts]
    total = 0.0
    for p in parts:
        total += p.sum()
    return parts, sizes, total


@njit("(int64,)")
def zeros_list(n):
    bufs = [np.zeros(n) for _ in range(3)]
    bufs.append(np.ones(n, dtype=np.int32))
    return bufs


CALLS = [("chunks", (np.arange(5.0), 2))]
