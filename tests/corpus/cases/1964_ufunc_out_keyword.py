# Numba types a ufunc's output given by keyword (`out=`) but cannot lower it: compiling fails
# with NotImplementedError ("unsupported keyword arguments when calling Function(<ufunc
# 'add'>)"). The output as the last positional argument works.
import numpy as np
from numba import njit


@njit("(float64[::1], float64[::1], float64[::1])")
def keyword_out(a, b, out):
    np.add(a, b, out=out)
    return out


@njit("(float64[::1], float64[::1])")
def positional_out(a, out):
    np.sqrt(a, out)
    return out


@njit("(float64[::1], float64[::1])")
def keyword_unary(a, out):
    return np.sqrt(a, out=out)


@njit("(float64[::1],)")
def keyword_where(a):
    return np.add(a, a, where=True)
