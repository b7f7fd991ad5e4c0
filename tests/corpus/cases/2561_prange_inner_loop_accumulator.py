"""A variable an inner serial loop accumulates with += and -= inside a prange body (pymatting's
box filter): not a reduction of the prange loop, so its operators do not conflict."""
import numpy as np
from numba import njit, prange


@njit("f8[:, :](f8[:, :], i8)", parallel=True)
def boxfilter_rows(src, r):
    m, n = src.shape
    dst = np.zeros((m, n))
    for i in prange(m):
        for j_dst in range(1):
            s = 0.0
            for j_src in range(j_dst + r + 1):
                s += src[i, j_src]
            dst[i, j_dst] = s
        for j_dst in range(1, r + 1):
            s += src[i, j_dst + r]
            dst[i, j_dst] = s
        for j_dst in range(r + 1, n - r):
            s -= src[i, j_dst - r - 1]
            s += src[i, j_dst + r]
            dst[i, j_dst] = s
    return dst


@njit(parallel=True)
def conflicting(n):
    c = 0.0
    for i in prange(n):
        c += 1
        if i > 3:
            c *= 2
    return c


CALLS = [
    ("boxfilter_rows", (np.arange(24.0).reshape(3, 8), 2)),
    ("conflicting", (10,)),
]
