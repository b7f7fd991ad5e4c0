# np.repeat / a.repeat with an array of counts, as Numba's: one count repeats every item;
# otherwise one count per item (ValueError when they differ in number, or one is negative).
import numpy as np
from numba import njit


@njit("float64[:](float64[:], int64[:])")
def rep(a, c):
    return np.repeat(a, c)


@njit("int64[:](int64[:, :], int32[:])")
def rep2d(a, c):
    return a.repeat(c)


CALLS = [
    ("rep", (np.array([1.0, 2.0, 3.0]), np.array([2, 0, 3]))),
    ("rep", (np.array([1.0, 2.0, 3.0]), np.array([2]))),
    ("rep", (np.array([1.0, 2.0, 3.0]), np.array([2, 1]))),
    ("rep", (np.array([1.0, 2.0]), np.array([2, -1]))),
    ("rep", (np.array([1.0, 2.0]), np.array([-1]))),
    ("rep", (np.zeros(0), np.zeros(0, np.int64))),
    ("rep", (np.array([5.0]), np.zeros(0, np.int64))),
    ("rep2d", (np.arange(4).reshape(2, 2), np.array([1, 2, 0, 1], np.int32))),
]
