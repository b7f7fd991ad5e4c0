import numpy as np
from numba import njit


@njit(["(float64[:], int64)", "(int32[:], int64)", "(float64[:, :], int64)"])
def shifts(a, k):
    r = np.roll(a, k)
    f = np.flip(a)
    rev = a[::-1]
    return r, f, rev


@njit(["(float64[:],)", "(int64[:],)"])
def shift_fill(a):
    out = np.empty(a.shape[0], dtype=np.float64)
    out[0] = np.nan
    out[1:] = a[:-1]
    return out


@njit(["(float64[:, :],)"])
def flips_2d(a):
    return np.fliplr(a), np.flipud(a)


CALLS = [("shift_fill", (np.arange(3.0),))]
