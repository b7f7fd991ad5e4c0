import numpy as np
from numba import njit


@njit(["(float64[:, :],)", "(int64[:, :],)", "(float32[:, :],)", "(uint8[:, :],)"])
def minmax_cols(x):
    out = np.empty(x.shape, dtype=np.float64)
    for j in range(x.shape[1]):
        col = x[:, j]
        lo = col.min()
        hi = col.max()
        rng = hi - lo
        out[:, j] = (col - lo) / rng if rng != 0 else 0.0
    return out


@njit(["(float64[:],)", "(int32[:],)"])
def scale_1d(a):
    return (a - a.min()) / (a.max() - a.min())


CALLS = [("scale_1d", (np.array([1.0, 2.0, 3.0]),))]
