import numpy as np
from numba import njit


@njit(["(float64[:],)", "(float32[:],)", "(float64[:, :],)"])
def nan_to_zero(a):
    out = a.copy()
    out[np.isnan(out)] = 0.0
    ok = np.isfinite(out).all()
    ninf = np.isinf(out).sum()
    return out, ok, ninf


@njit(["(float64[:],)", "(int64[:],)"])
def drop_nan(a):
    return a[~np.isnan(a)]


@njit(["(float64[:],)"])
def nan_to_num(a):
    return np.nan_to_num(a, nan=0.0)


CALLS = [("drop_nan", (np.array([1.0, np.nan]),))]
