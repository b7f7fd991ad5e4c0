# Numba's array method templates (copy, astype, flatten, ravel, reshape, view, item, nonzero,
# transpose) and its zip template assert that no keyword argument is given: an
# AssertionError, not a "No implementation" TypingError. a.sort(kind=...) is accepted.
import numpy as np
from numba import njit


@njit("float64[:](float64[:, :])")
def flatten_order(a):
    return a.flatten(order="F")


@njit("float64[:](float64[:])")
def copy_order(a):
    return a.copy(order="F")


@njit("float64[:](float64[:])")
def astype_copy(a):
    return a.astype(np.float64, copy=False)


@njit("float64[:](float64[:])")
def sort_kind(a):
    a.sort(kind="mergesort")
    return a


@njit("int64(int64)")
def zip_strict(n):
    s = 0
    for a, b in zip([1], [2], strict=True):
        s += a
    return s


@njit("float64[:](float64[:, :])")
def flatten_plain(a):
    return a.flatten()


CALLS = [("flatten_plain", (np.arange(4.0).reshape(2, 2),))]
