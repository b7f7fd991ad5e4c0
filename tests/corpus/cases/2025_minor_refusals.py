# np.bincount with a minlength that is not an integer (Numba's TypingError); .imag of a real
# array is read-only (returning it as writable is a TypingError).
import numpy as np
from numba import njit


@njit("int64[:](int64[:])")
def bincount_float_minlength(a):
    return np.bincount(a, minlength=2.5)


@njit("int64[:](int64[:])")
def bincount_minlength(a):
    return np.bincount(a, minlength=4)


@njit("float64[:](float64[:])")
def imag_any_layout(a):
    return a.imag


@njit("float64[::1](float64[::1])")
def imag_c(a):
    return a.imag


CALLS = [("bincount_minlength", (np.array([1, 1, 2]),)), ("imag_c", (np.arange(3.0),))]
