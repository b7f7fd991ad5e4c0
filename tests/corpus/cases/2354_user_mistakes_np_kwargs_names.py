import numpy as np
from numba import njit


@njit("(int64,)")
def zeros_bad_kw(n):
    return np.zeros(n, dtyp=np.float64)


@njit("(int64,)")
def arange_step_kw(n):
    return np.arange(0, n, step=2)


@njit("(float64[:],)")
def argmax_axis_1d(a):
    return np.argmax(a, axis=0)


@njit("(float64[:],)")
def cumsum_dtype(a):
    return np.cumsum(a, dtype=np.float32)


@njit("(float64[:],)")
def mean_dtype(a):
    return np.mean(a, dtype=np.float32)


@njit("(float64[:],)")
def sum_out(a):
    out = np.empty(1)
    return np.sum(a, out=out)


@njit("(float64[:],)")
def add_out(a):
    out = np.empty_like(a)
    np.add(a, a, out=out)
    return out


@njit("(float64[:],)")
def ufunc_where_kw(a):
    return np.add(a, 1.0, where=a > 0)


@njit("(float64[:],)")
def round_decimals_kw(a):
    return np.round(a, decimals=2)


@njit("(float64[:],)")
def sqrt_dtype_kw(a):
    return np.sqrt(a, dtype=np.float32)
