# `type(x)` of a number is its NumPy class (Numba's `TypeBuiltin`, typed `class(float64)`):
# callable, usable as a dtype, compared with `is`, and returned as its dtype; `x.__class__`
# types the same but Numba has no lowering for it (NotImplementedError).
import numpy as np
from numba import njit


@njit
def is_float(x):
    return type(x) is float


@njit
def is_float64(x):
    return type(x) is np.float64, type(x) is not None, type(x) is type(x)


@njit
def same_kind(x):
    return type(x)(3)


@njit
def zeros_like_scalar(x, n):
    return np.zeros(n, dtype=type(x))


@njit
def class_of(x):
    return type(x)


@njit
def dunder_class(x):
    return x.__class__(2)


@njit
def class_equal(x, y):
    return type(x) == type(y)


@njit("float64(float64)")
def eager_same_kind(x):
    return type(x)(x * 2)


CALLS = [
    ("is_float", (1.5,)),
    ("is_float", (1,)),
    ("is_float64", (1.5,)),
    ("is_float64", (np.float32(1.5),)),
    ("same_kind", (1.5,)),
    ("same_kind", (np.int8(3),)),
    ("same_kind", (True,)),
    ("zeros_like_scalar", (np.float32(1.5), 3)),
    ("zeros_like_scalar", (np.int8(3), 2)),
    ("class_of", (1.5,)),
    ("class_of", (np.uint16(3),)),
    ("class_of", (True,)),
    ("dunder_class", (1.5,)),
    ("class_equal", (1.5, 2.5)),
    ("eager_same_kind", (1.25,)),
]
