import numpy as np
from numba import njit


@njit(["(float64[:], float64, float64, int64)", "(int64[:], int64, int64, int64)", "(float32[::1], float64, float64, int64)"])
def hist_range(a, lo, hi, n):
    h, e = np.histogram(a, n, (lo, hi))
    h2, e2 = np.histogram(a, bins=e)
    return h, e, h2, e2


@njit(["(float64, float64[:])", "(float64[:, :], float64[:])", "(int64, int64[:])"])
def digitize_any(x, bins):
    return np.digitize(x, bins, right=True)


@njit(["(float64[::1],)", "(int64[:],)", "(float32[:, :],)", "(float64,)", "(complex128[:],)"])
def clean(a):
    return np.nan_to_num(a)


@njit(["(int64[:], float64[:])", "(float32[:], complex128[:])"])
def conv_corr(a, v):
    return np.convolve(a, v, mode="same"), np.correlate(a, v), np.interp(1.5, np.arange(3.0), v.real)


@njit(["(float64[:, :], int64[:])", "(int64, int64[:])"])
def membership(a, b):
    return np.isin(a, b, invert=True), np.argwhere(a)


@njit(["(float64[:], float64[:])", "(int64[:], float64[:])", "(float64[:, ::1], int32[:, ::1])"])
def appends(a, b):
    return np.append(a, b), np.ediff1d(a), np.append(a, 1.0)


@njit("(float64[:], int64[:])")
def ediff_bad(a, b):
    return np.ediff1d(b, to_end=a)


CALLS = [("clean", (np.array([np.nan, 1.0]),))]
