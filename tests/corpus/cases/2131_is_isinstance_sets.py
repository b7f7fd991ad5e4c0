# `isinstance(x, int/float/complex)` is true only for int64/float64/complex128 (Numba compares
# with `as_numba_type` of the class: not for int8, float32, complex64 or bool); `is` of numbers
# is `==`, of strings and lists the same object (unboxed arguments never are); np.size; a set
# `<`/`>` is a proper subset/superset.
import numpy as np
from numba import njit


@njit
def kinds(x):
    return isinstance(x, complex), isinstance(x, float), isinstance(x, int)


@njit
def prune(x):
    if not isinstance(x, complex):
        return round(x)
    return 0


@njit
def same(a, b):
    return a is b, a is not b, a is a


@njit
def sizes(a):
    return np.size(a), np.size(a[0])


@njit
def proper(a, b):
    x, y = set(a), set(b)
    return x < y, x > y, x <= y, y < y


CALLS = [
    ("kinds", (np.complex64(1 + 2j),)), ("kinds", (1 + 2j,)), ("kinds", (np.float32(1.5),)), ("kinds", (2.5,)),
    ("kinds", (np.int8(3),)), ("kinds", (3,)), ("kinds", (True,)), ("prune", (np.complex64(1 + 2j),)), ("prune", (1 + 2j,)),
    ("same", ("abc", "abc")), ("same", (1, 1)), ("same", (1.5, 2.5)), ("same", ([1], [1])),
    ("sizes", (np.zeros((2, 3)),)), ("proper", ([1], [1, 2])), ("proper", ([1, 2], [1])), ("proper", ([1, 2], [2, 1])),
]
