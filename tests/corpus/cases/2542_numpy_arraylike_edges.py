"""NumPy functions given edge array-likes: 0-d arrays to dstack, nested index tuples to take,
a dtype to asarray_chkfinite, None to argwhere, unicode arrays to trim_zeros."""
import numpy as np
from numba import njit


@njit
def dstack0(a, b):
    return np.dstack((a, b))


@njit
def stacks0(a, b):
    return np.hstack((a, b)), np.vstack((a, b)), np.dstack((a, b, a))


@njit
def take_nested(a, ind):
    return a.take(ind)


@njit
def np_take_nested(a, ind):
    return np.take(a, ind)


@njit
def chkfinite_f32(a):
    return np.asarray_chkfinite(a, np.float32)


@njit
def chkfinite_kw(a):
    return np.asarray_chkfinite(a, dtype=np.float64)


@njit
def argwhere_any(a):
    return np.argwhere(a)


@njit
def trim_strings(a):
    return np.trim_zeros(a)


@njit
def trim_strings_front(a):
    return np.trim_zeros(a, "f")


CALLS = [
    ("dstack0", (np.array(1), np.array(2))),
    ("dstack0", (np.array(1.5), np.array(-2.0))),
    ("stacks0", (np.array(3), np.array(4))),
    ("take_nested", (np.arange(12), ((1, 5, 1), (11, 3, 2)))),
    ("take_nested", (np.arange(12.0).reshape(3, 4), ((0, -1), (2, 3)))),
    ("take_nested", (np.arange(12), ((1, 12), (0, 0)))),
    ("take_nested", (np.arange(12), (1, 5, 1))),
    ("np_take_nested", (np.arange(6), (((0, 1), (2, 3)), ((4, 5), (5, 4))))),
    ("chkfinite_f32", (np.array([1, 2]),)),
    ("chkfinite_f32", (np.array([1.5, np.inf]),)),
    ("chkfinite_kw", (np.array([1, 2, 3], dtype=np.int32),)),
    ("chkfinite_kw", (np.array([1.0, 2.0]),)),
    ("argwhere_any", (None,)),
    ("argwhere_any", (3,)),
    ("argwhere_any", (0.0,)),
    ("trim_strings", (np.array(["0", "Hello", "world"]),)),
    ("trim_strings", (np.array(["", "1", "2", ""]),)),
    ("trim_strings", (np.array(["", ""]),)),
    ("trim_strings_front", (np.array(["", "a", ""]),)),
]
