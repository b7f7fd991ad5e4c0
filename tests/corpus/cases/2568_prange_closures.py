# Inner functions capturing enclosing variables, called in the body of a prange loop: the
# parallel body reads the captured values (Numba inlines the calls before making the parfor).
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def prange_closure(a):
    scale = 2.0
    def f(x):
        return x * scale
    out = np.empty_like(a)
    for i in prange(a.shape[0]):
        out[i] = f(a[i])
    return out


@njit(parallel=True)
def prange_reduce_closure(a):
    off = 1.0
    g = lambda x: x + off
    s = 0.0
    for i in prange(a.shape[0]):
        s += g(a[i])
    return s


@njit(parallel=True)
def prange_capture_arg(a, scale):
    f = lambda x: x * scale
    out = np.empty_like(a)
    for i in prange(a.shape[0]):
        out[i] = f(a[i])
    return out


@njit(parallel=True)
def prange_capture_reassigned(a, flag):
    if flag:
        k = 3
    else:
        k = -1
    def f(x):
        return x + k
    out = np.empty(a.shape[0], np.int64)
    for i in prange(a.shape[0]):
        out[i] = f(a[i])
    return out


CALLS = [
    ("prange_closure", (np.arange(5.0),)),
    ("prange_reduce_closure", (np.arange(4.0),)),
    ("prange_capture_arg", (np.arange(3.0), 2.0)),
    ("prange_capture_reassigned", (np.arange(4), True)),
    ("prange_capture_reassigned", (np.arange(4), False)),
]
