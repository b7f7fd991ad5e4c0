# np.arange of large integer bounds counts its items from the exact difference (Numba's
# `(stop - start) / step`), np.array of a list of (int, float) tuples is a 2-d float array, and
# `-x` of a float is Numba's `-0.0 - x` (a constant NaN negated keeps its sign, as LLVM folds it).
import math

import numpy as np
from numba import njit


@njit
def ar(a, b, s):
    return np.arange(a, b, s)

@njit
def ar_len(a, b):
    return np.arange(a, b).shape[0]

@njit
def from_hetero_tuples():
    return np.array([(1, 2.0), (3, 4.0)])

@njit
def from_hetero_tuples_arg(pts):
    return np.array(pts)

@njit
def from_homog_tuples():
    return np.array([(1.0, 2.0), (3.0, 4.0)])

@njit
def neg_np_nan():
    return np.signbit(-np.nan)

@njit
def neg_math_nan():
    return math.copysign(1.0, -math.nan)

@njit
def neg_nan_arr():
    return np.signbit(np.array([-np.nan]))[0]

@njit
def neg_nan_local():
    x = np.nan
    return np.signbit(-x)

@njit
def neg_nan_arg(x):
    return np.signbit(-x)

@njit
def neg_float_nan():
    return np.signbit(-float("nan"))

@njit
def neg_nan_f32():
    return np.signbit(-np.float32(np.nan))

CALLS = [
    ("ar", (10 ** 17, 10 ** 17 + 3, 1)),
    ("ar", (2 ** 53, 2 ** 53 + 3, 1)),
    ("ar", (9223372036854775805, 9223372036854775807, 1)),
    ("ar", (10 ** 17 + 5, 10 ** 17, -2)),
    ("ar_len", (10 ** 18, 10 ** 18 + 100)),
    ("ar_len", (0, 2 ** 53 + 1)),
    ("from_hetero_tuples", ()),
    ("from_hetero_tuples_arg", ([(1, 2.5), (3, 4.5)],)),
    ("from_homog_tuples", ()),
    ("neg_float_nan", ()),
    ("neg_nan_f32", ()),
    ("neg_np_nan", ()),
    ("neg_math_nan", ()),
    ("neg_nan_arr", ()),
    ("neg_nan_local", ()),
    ("neg_nan_arg", (np.nan,)),
]
