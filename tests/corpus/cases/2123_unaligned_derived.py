# Arrays made from a field view of an unaligned record array by Numba's `ary.copy(...)` (copy, T,
# ravel, flatten, slices, empty_like/zeros_like, astype, view, ascontiguousarray) stay
# `unaligned`; ufunc results, np.where and reductions are new aligned arrays.
import numpy as np
import numba
from numba import njit

P = np.dtype([("x", np.float64), ("y", np.int32)])
P_T = numba.from_dtype(P)


@njit((P_T[::1],))
def derived(a):
    xs = a.x
    c = xs.copy()
    t = xs.T
    r = xs.ravel()
    f = xs.flatten()
    s = xs[::2]
    e = np.empty_like(xs)
    g = xs + 1.0
    h = np.sqrt(xs)
    k = xs.astype(np.float32)
    return c, t, r, f, s, e.size, g, h, k


@njit((P_T[::1],))
def derived2(a):
    xs = a.x
    z = np.zeros_like(xs)
    w = np.where(xs > 1, xs, 0.0)
    v = xs.view(np.int64)
    q = np.ascontiguousarray(xs)
    return z, w, v, q


@njit((P_T[:, ::1],))
def derived3(a):
    ys = a.y
    return ys.T, ys[0], ys[:, 0], ys.reshape(ys.size) if False else ys.sum(axis=0)


CALLS = [
    ("derived", (np.array([(1.0, 4), (2.0, 5), (3.5, 6)], dtype=[("x", "f8"), ("y", "i4")]),)),
    ("derived2", (np.array([(1.0, 4), (2.0, 5), (3.5, 6)], dtype=[("x", "f8"), ("y", "i4")]),)),
    ("derived3", (np.array([[(1.0, 4), (2.0, 5)], [(3.5, 6), (0.5, 7)]], dtype=[("x", "f8"), ("y", "i4")]),)),
]
