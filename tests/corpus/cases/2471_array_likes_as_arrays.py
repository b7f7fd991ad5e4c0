"""Tuples and lists of numbers where NumPy functions take array-likes (Numba's `np.asarray` of
them): np.ediff1d of a tuple and with tuple ends, np.fill_diagonal with tuple and list values
(cycled), np.broadcast_to of a tuple, np.size of numbers, tuples and lists, and
np.asarray_chkfinite of a tuple."""
import numpy as np
from numba import njit


@njit
def ediff(ary, to_end=None, to_begin=None):
    return np.ediff1d(ary, to_end, to_begin)


@njit
def fill(arr, val):
    np.fill_diagonal(arr, val)
    return arr


@njit
def spread(shape):
    return np.broadcast_to((1.5, 2.5), shape)


@njit
def size_of(a):
    return np.size(a)


@njit
def finite(a):
    return np.asarray_chkfinite(a)


CALLS = [
    ("ediff", (np.array([1.5, 2, 4.25]), None, (1, 2))),
    ("ediff", ((1, 3, 6), None, None)),
    ("ediff", ((1, 3, 6), (7, 8), (0,))),
    ("fill", (np.zeros((3, 3)), [8, 9])),
    ("fill", (np.zeros((3, 3), dtype=np.int64), (1, 2))),
    ("fill", (np.zeros((2, 4), dtype=np.bool_), [0, 1, 1])),
    ("fill", (np.zeros((3, 2)), [2.5])),
    ("fill", (np.zeros((2, 2), dtype=np.int8), [300, 1])),
    ("spread", ((3, 2),)),
    ("spread", ((2, 3),)),
    ("size_of", (np.float32(2.5),)),
    ("size_of", (3,)),
    ("size_of", ((1, 2, 3),)),
    ("size_of", ([1.0, 2.0],)),
    ("finite", ((1, 2),)),
    ("finite", ((1.0, np.inf),)),
]
