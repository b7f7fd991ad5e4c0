# A NumPy attribute that does not exist (typo, or removed in NumPy 2): Numba raises AttributeError.
import numpy as np
from numba import njit


@njit
def unknown_func(a):
    return np.frobnicate(a)


@njit
def removed_nan():
    return np.NaN


@njit
def removed_product(a):
    return np.product(a)


@njit
def typo_attr(a):
    return np.sumx(a)


CALLS = [
    ("unknown_func", (np.arange(3),)),
    ("removed_nan", ()),
    ("removed_product", (np.arange(1, 4),)),
    ("typo_attr", (np.arange(3),)),
]


@njit("(float64[:],)")
def eager_typo(a):
    s = a.sum()
    return np.linalg.nrom(a) + s


@njit("(float64[:],)")
def exists_unsupported(a):
    return np.busday_count(a, a)
