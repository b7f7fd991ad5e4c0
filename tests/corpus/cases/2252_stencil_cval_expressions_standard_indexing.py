# @stencil options given as expressions (cval=np.nan, -np.inf, float("nan"), math.pi) and
# standard_indexing= (the named arrays indexed as they are, not relative to the point).
import math

import numpy as np
from numba import njit, stencil


@stencil(cval=np.nan)
def s_nan(a):
    return a[-1] + a[1]


@stencil(cval=-np.inf)
def s_ninf(a):
    return a[-1] + a[1]


@stencil(cval=float("nan"))
def s_fnan(a):
    return a[-1] + a[1]


@stencil(cval=math.pi)
def s_pi(a):
    return a[0, -1] + a[0, 1]


@stencil(standard_indexing=("w",))
def weighted(a, w):
    return a[-1] * w[0] + a[1] * w[1]


@stencil(standard_indexing=["w", "b"], cval=-1.0)
def weighted_bias(a, w, b):
    return a[-1] * w[0] + a[0] * w[1] + a[1] * w[2] + b[0]


@stencil(standard_indexing=("w",), neighborhood=((-1, 1),))
def weighted_hood(a, w):
    s = 0.0
    for i in range(-1, 2):
        s += a[i] * w[i + 1]
    return s


@njit
def d_nan(x):
    return s_nan(x)


@njit
def d_ninf(x):
    return s_ninf(x)


@njit
def d_fnan(x):
    return s_fnan(x)


@njit
def d_pi(x):
    return s_pi(x)


@njit
def d_weighted(x, w):
    return weighted(x, w)


@njit
def d_weighted_bias(x, w, b):
    return weighted_bias(x, w, b)


@njit
def d_weighted_hood(x, w):
    return weighted_hood(x, w)


CALLS = [
    ("d_nan", (np.arange(4.0),)),
    ("d_ninf", (np.arange(4.0),)),
    ("d_fnan", (np.arange(5.0),)),
    ("d_pi", (np.arange(12.0).reshape(3, 4),)),
    ("d_weighted", (np.arange(4.0), np.array([1.0, 10.0]))),
    ("d_weighted", (np.arange(6.0), np.array([-2.0, 0.5, 9.0]))),
    ("d_weighted_bias", (np.arange(5.0), np.array([1.0, 2.0, 3.0]), np.array([100.0]))),
    ("d_weighted_hood", (np.arange(5.0), np.array([1.0, -2.0, 1.0]))),
]
