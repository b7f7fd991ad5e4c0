# 0-d arrays: np.asarray / np.array of a number, arithmetic and ufuncs with 0-d operands,
# a.item(), a.ndim and a.size of a 0-d array.
import numpy as np
from numba import njit


@njit("(float64,)")
def make(x):
    a = np.asarray(x)
    b = np.array(x)
    return a, b, a.ndim, b.size


@njit("(int64,)")
def ops(x):
    a = np.array(x)
    return a + 1, np.sqrt(a), a * 2.5, a.item()


@njit("(float64, float64[:])")
def with_vec(x, v):
    a = np.asarray(x)
    return v + a, np.maximum(a, v)


CALLS = [
    ("make", (2.5,)),
    ("ops", (9,)),
    ("with_vec", (1.5, np.array([1.0, 2.0, -3.0]))),
]
