"""`numpy.polynomial.polyutils.trimseq` (Numba's `polyutils_trimseq`): a 1-d array up to its
last non-zero item, at least one item, as a view; an empty array itself; a 2-d array or a
tuple is a TypingError."""
import numpy as np
from numpy.polynomial import polyutils as pu
from numba import njit


@njit
def trim(a):
    return pu.trimseq(a)


@njit
def trim_view(a):
    t = pu.trimseq(a)
    t[0] = 99.0
    return a, len(t)


@njit("float64[:](float64[:, :])")
def trim_2d(a):
    return pu.trimseq(a)


@njit
def trim_tuple(t):
    return pu.trimseq(t)


CALLS = [
    ("trim", (np.array([1.0, 2.0, 0.0, 0.0]),)),
    ("trim", (np.array([0.0, 0.0]),)),
    ("trim", (np.array([], dtype=np.float64),)),
    ("trim", (np.array([3, 0, 4, 0]),)),
    ("trim", (np.arange(6.0)[::2],)),
    ("trim_view", (np.array([1.0, 0.0, 0.0]),)),
    ("trim_tuple", ((1.0, 0.0),)),
]
