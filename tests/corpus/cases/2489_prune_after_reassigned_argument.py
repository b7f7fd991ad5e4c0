"""Numba rewrites `A.ndim` and `len(t)` of an argument into constants and prunes the branches
they decide only while the argument has a single definition: its passes run before SSA, so an
argument assigned again later in the body (`A = A.astype(...)`) is not rewritten, and both
branches are typed."""
import numpy as np
from numba import njit


@njit("float64[:](float64[:])")
def reassigned(A):
    assert A.ndim > 1
    A = A.astype(np.float64)
    m = A.shape[1]
    return A


@njit("float64[:](float64[:])")
def not_reassigned(A):
    assert A.ndim > 1
    m = A.shape[1]
    return A


@njit
def lazy(A):
    if A.ndim == 1:
        return 0
    A = A + 1
    return A.shape[1]


@njit
def lazy_single(A):
    if A.ndim == 1:
        return 0
    B = A + 1
    return B.shape[1]


@njit
def none_reassigned(x):
    if x is None:
        return 0.0
    x = x + 1.0
    return x


@njit
def tuple_len(t):
    if len(t) == 2:
        return t[0] + t[1]
    t = (1, 2)
    return t[0]


CALLS = [
    ("reassigned", (np.array([1.0, 2.0]),)),
    ("not_reassigned", (np.array([1.0, 2.0]),)),
    ("lazy", (np.array([1.0, 2.0]),)),
    ("lazy", (np.ones((2, 3)),)),
    ("lazy_single", (np.array([1.0, 2.0]),)),
    ("lazy_single", (np.ones((2, 3)),)),
    ("none_reassigned", (2.5,)),
    ("none_reassigned", (None,)),
    ("tuple_len", ((1, 2),)),
    ("tuple_len", ((1, 2, 3),)),
]
