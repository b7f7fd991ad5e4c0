"""A stencil given `out=` writes only the points whose neighbourhood is inside: the border
keeps what `out` held, unless the decorator sets `cval`, which then fills all of `out` first."""
import numpy as np
from numba import njit, stencil


@stencil
def across(a):
    return a[0, 1] + a[0, -1]


@stencil(cval=-1.0)
def across_cval(a):
    return a[0, 1] + a[0, -1]


@njit
def into_full(a):
    out = np.full(a.shape, 7.0)
    across(a, out=out)
    return out


@njit
def into_full_cval(a):
    out = np.full(a.shape, 7.0)
    across_cval(a, out=out)
    return out


@njit
def fresh(a):
    return across(a)


CALLS = [
    ("into_full", (np.arange(12.0).reshape((3, 4)),)),
    ("into_full_cval", (np.arange(12.0).reshape((3, 4)),)),
    ("fresh", (np.arange(12.0).reshape((3, 4)),)),
]
