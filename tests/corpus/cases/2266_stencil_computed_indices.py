# @stencil kernels whose relative indices are not constants need neighborhood= (Numba's
# NumbaValueError when the caller is compiled); constants assigned to names first are
# constants.
import numpy as np
from numba import njit, stencil


@stencil
def by_arg(a, k):
    return a[k]


@stencil
def by_loop(a):
    s = 0.0
    for i in range(-1, 2):
        s += a[i]
    return s


@stencil
def by_name(a):
    k = 1
    return a[k] + a[-k]


@stencil(neighborhood=((-1, 1),))
def by_loop_hood(a):
    s = 0.0
    for i in range(-1, 2):
        s += a[i]
    return s


@stencil
def by_tuple_name(a):
    j = 1
    return a[0, j] - a[0, -1]


@njit
def d_arg(x):
    return by_arg(x, 1)


@njit
def d_loop(x):
    return by_loop(x)


@njit
def d_name(x):
    return by_name(x)


@njit
def d_loop_hood(x):
    return by_loop_hood(x)


@njit
def d_tuple_name(x):
    return by_tuple_name(x)


CALLS = [
    ("d_arg", (np.arange(4.0),)),
    ("d_loop", (np.arange(4.0),)),
    ("d_name", (np.arange(5.0),)),
    ("d_loop_hood", (np.arange(5.0),)),
    ("d_tuple_name", (np.arange(12.0).reshape(3, 4),)),
]
