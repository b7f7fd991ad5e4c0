import numpy as np
from numba import njit


@njit(["(float64[:, :], int64)", "(float32[:, :], int64)", "(int64[:, :], int64)"])
def rolling_mean_2d(a, window):
    out = np.full(a.shape, np.nan, dtype=np.float64)
    for col in range(a.shape[1]):
        cumsum = 0.0
        nancnt = 0
        for i in range(a.shape[0]):
            v = a[i, col]
            if np.isnan(v):
                nancnt += 1
            else:
                cumsum += v
            if i >= window:
                old = a[i - window, col]
                if np.isnan(old):
                    nancnt -= 1
                else:
                    cumsum -= old
            if i >= window - 1 and nancnt == 0:
                out[i, col] = cumsum / window
    return out


CALLS = [("rolling_mean_2d", (np.arange(6.0).reshape(3, 2), 2))]
