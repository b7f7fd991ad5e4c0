"""A jit function's own parameter named `out`, passed by keyword (only a stencil's `out=` is
not an argument of its kernel); `np.iinfo`/`np.finfo` of a module-level alias of a NumPy class
(`INT_DTYPE = np.intp`, `float_ = f8`) as module constants."""
import numpy as np
from numpy import finfo
from numpy import float64 as f8
from numba import njit, stencil

INT_DTYPE = np.intp
INT_FILL_VALUE = np.iinfo(INT_DTYPE).min
float_ = f8
EPS = finfo(float_).eps


@njit
def fill(inp, out):
    for i in range(inp.shape[0]):
        out[i] = inp[i]


@njit
def copy_by_keyword(inp, out):
    fill(inp, out=out)
    return out


@njit("float64[:](int64[:], float64[:])")
def copy_by_keyword_sig(inp, out):
    fill(inp, out=out)
    return out


@stencil
def smooth(a):
    return (a[-1] + a[0] + a[1]) / 3.0


@njit
def smooth_into(a, out):
    smooth(a, out=out)
    return out


@njit("boolean(int64)")
def is_fill(x):
    return x == INT_FILL_VALUE


@njit
def eps_scaled(x):
    return EPS * x


CALLS = [
    ("copy_by_keyword", (np.arange(3), np.zeros(3))),
    ("copy_by_keyword_sig", (np.arange(3), np.zeros(3))),
    ("smooth_into", (np.arange(5.0), np.zeros(5))),
    ("is_fill", (-9223372036854775808,)),
    ("is_fill", (0,)),
    ("eps_scaled", (2.0,)),
]
