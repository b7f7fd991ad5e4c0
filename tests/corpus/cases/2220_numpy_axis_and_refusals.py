# np.concatenate / np.stack with an axis known only when the program runs (IndexError out of
# bounds, as Numba's _normalize_axis), np.row_stack, and calls Numba refuses that numrs used to
# accept: np.imag/np.real/np.round of booleans, np.bincount of uint64, np.sort and np.nonzero of
# 0-d arrays, np.histogram with no bin edges (ValueError); np.round of uint64 through a float.
import numpy as np
from numba import njit


@njit
def cat_axis(a, b, ax):
    return np.concatenate((a, b), axis=ax)


@njit
def stack_axis(a, b, ax):
    return np.stack((a, b), ax)


@njit
def rows(a, b):
    return np.row_stack((a, b))


@njit
def hist_edges(a, b):
    return np.histogram(a, bins=b)


@njit
def imag_of(a):
    return np.imag(a)


@njit
def real_of(a):
    return np.real(a)


@njit
def round_of(a):
    return np.round(a)


@njit
def bincount_of(a):
    return np.bincount(a)


@njit
def sort_of(a):
    return np.sort(a)


@njit
def nonzero_of(a):
    return np.nonzero(a)


CALLS = [
    ("cat_axis", (np.arange(4).reshape(2, 2), np.array([[0], [1]]), 1)),
    ("cat_axis", (np.arange(4).reshape(2, 2), np.array([[0], [1]]), -1)),
    ("cat_axis", (np.arange(4).reshape(2, 2), np.array([[0], [1]]), 0)),
    ("cat_axis", (np.arange(4).reshape(2, 2), np.arange(4).reshape(2, 2), 2)),
    ("stack_axis", (np.arange(6).reshape(2, 3), np.arange(6).reshape(2, 3) * 10, 1)),
    ("stack_axis", (np.arange(6).reshape(2, 3), np.arange(6).reshape(2, 3) * 10, -1)),
    ("stack_axis", (np.arange(6).reshape(2, 3), np.arange(6).reshape(2, 3) * 10, 3)),
    ("rows", (np.array([1, 2]), np.array([3, 4]))),
    ("hist_edges", (np.array([0.0, 1.0]), np.zeros(0))),
    ("hist_edges", (np.array([0.0, 1.0, 0.5]), np.array([0.0, 0.5, 1.0]))),
    ("imag_of", (np.array([True]),)),
    ("imag_of", (np.array([1, 2], dtype=np.uint8),)),
    ("real_of", (np.array([True]),)),
    ("round_of", (np.array([True, False]),)),
    ("round_of", (np.array([2**63 + 5, 7], dtype=np.uint64),)),
    ("round_of", (np.array([2**62 + 1], dtype=np.int64),)),
    ("bincount_of", (np.array([1, 2], dtype=np.uint64),)),
    ("bincount_of", (np.array([1, 2], dtype=np.uint32),)),
    ("sort_of", (np.array(5.0),)),
    ("nonzero_of", (np.array(5),)),
]
