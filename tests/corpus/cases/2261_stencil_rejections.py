# @stencil applications Numba refuses: a first argument that is not an array (TypingError),
# and a kernel returning a tuple (NumbaNotImplementedError when the call is lowered).
import numpy as np
from numba import njit, stencil


@stencil
def st(a):
    return a[0] + a[1]


@stencil
def tuple_ret(a):
    return a[0], a[1]


@njit
def stencil_on_list(n):
    l = [1.0] * n
    return st(l)


@njit
def stencil_on_scalar(x):
    return st(x)


@njit
def d_tuple(x):
    return tuple_ret(x)


@njit("float64[:](float64[:])")
def eager_tuple(x):
    return tuple_ret(x)


CALLS = [
    ("stencil_on_list", (3,)),
    ("stencil_on_scalar", (2.0,)),
    ("d_tuple", (np.arange(4.0),)),
]
