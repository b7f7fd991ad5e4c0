# @stencil options: cval (the border value, cast to the kernel's return type) and an explicit
# neighborhood (the border it leaves, also for kernels that compute their relative indices
# in a loop).
import numpy as np
from numba import njit, stencil


@stencil(cval=1.5)
def smooth(a):
    return a[-1] + a[0] + a[1]


@stencil(neighborhood=((-2, 2),))
def window_mean(a):
    acc = 0.0
    for i in range(-2, 3):
        acc += a[i]
    return acc / 5


@stencil(cval=-1)
def grad(a):
    return a[0, 1] - a[0, -1]


@stencil(neighborhood=((-1, 1),), cval=7)
def doubled(a):
    return a[0] * 2


@njit
def apply_smooth(x):
    return smooth(x)


@njit
def apply_window(x):
    return window_mean(x)


@njit
def apply_grad(x):
    return grad(x)


@njit
def apply_doubled(x):
    return doubled(x)


@njit
def into_out(x, out):
    smooth(x, out=out)
    return out


@njit
def into_view(x, out):
    r = doubled(x, out=out[::2])
    return r, out


CALLS = [
    ("apply_smooth", (np.arange(6.0),)),
    ("apply_smooth", (np.arange(5),)),
    ("apply_window", (np.arange(7.0),)),
    ("apply_grad", (np.arange(12).reshape(3, 4),)),
    ("apply_grad", (np.arange(12.0).reshape(3, 4),)),
    ("apply_doubled", (np.arange(5.0),)),
    ("into_out", (np.arange(6.0), np.zeros(6))),
    ("into_out", (np.arange(6.0), np.zeros(6, dtype=np.int64))),
    ("into_view", (np.arange(3.0), np.full(6, -5.0))),
]
