# @stencil kernels called from Python (Numba's StencilFunc.__call__ compiles and applies them):
# the same arrays as from jit code, with cval=, neighborhood=, two arrays, 2-d arrays, and a
# kernel also applied from jit code.
import numpy as np
from numba import njit, stencil


@stencil
def plain(a):
    return a[-1] + a[1]


@stencil(cval=-1.0)
def with_cval(a):
    return a[0] * 2 + a[1]


@stencil(neighborhood=((-1, 1),))
def window(a):
    s = 0
    for i in range(-1, 2):
        s += a[i]
    return s


@stencil
def lap(a):
    return a[-1, 0] + a[1, 0] + a[0, -1] + a[0, 1] - 4 * a[0, 0]


@stencil
def mix(a, b):
    return a[0] * b[1]


@njit
def jit_plain(x):
    return plain(x)


CALLS = [
    ("plain", (np.arange(5.0),)),
    ("plain", (np.arange(5),)),
    ("with_cval", (np.arange(4.0),)),
    ("window", (np.arange(6.0),)),
    ("window", (np.arange(6),)),
    ("lap", (np.arange(16.0).reshape(4, 4),)),
    ("mix", (np.arange(4.0), np.ones(4) * 2)),
    ("jit_plain", (np.arange(5.0),)),
    ("plain", (np.asfortranarray(np.arange(6.0).reshape(2, 3))[0],)),
]
