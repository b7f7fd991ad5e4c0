# NumPy's set routines, computed as Numba's arraymath.py does (which of 0.0 and -0.0 is kept,
# NaNs, assume_unique with repeated items, both paths of setdiff1d's _in1d_impl).
import numpy as np
from numba import njit

@njit("(float64[:, :], int64[:])")
def sets_fi(a, b):
    return np.union1d(a, b), np.intersect1d(a, b), np.setxor1d(a, b), np.setdiff1d(a, b), np.setdiff1d(b, a)

@njit("(float64[:], float64[:], boolean)")
def sets_assume(a, b, u):
    return np.intersect1d(a, b, u), np.setxor1d(a, b, assume_unique=u), np.setdiff1d(a, b, u)

@njit("(int64[:], uint8[:])")
def sets_iu(a, b):
    return np.union1d(a, b), np.intersect1d(a, b), np.setxor1d(a, b), np.setdiff1d(a, b)

@njit("(int64[:], int64)")
def sets_scalar(a, x):
    return np.intersect1d(a, x), np.setdiff1d(a, x), np.setxor1d(x, a)

@njit("(int64[:], int64[:], int64)")
def diff_loop(a, b, n):
    s = 0
    for i in range(n):
        s += np.setdiff1d(a, b).sum() + np.union1d(a, b).size
    return s



CALLS = [
    ("sets_fi", (np.array([[1.0, 2.5, np.nan], [-0.0, 7.0, 3.0]]), np.array([3, 0, 1, 9, 1]))),
    ("sets_fi", (np.array([[np.nan, np.nan]]), np.array([], dtype=np.int64))),
    ("sets_fi", (np.zeros((0, 2)), np.array([5, 5, 5]))),
    ("sets_assume", (np.array([1.0, 1.0, 2.0, 0.0, -0.0, np.nan]), np.array([2.0, 2.0, 3.0, np.nan, 0.0]), False)),
    ("sets_assume", (np.array([1.0, 1.0, 2.0, 0.0, -0.0, np.nan]), np.array([2.0, 2.0, 3.0, np.nan, 0.0]), True)),
    ("sets_assume", (np.arange(40.0) % 7, np.arange(10.0) % 3, True)),
    ("sets_assume", (np.arange(40.0) % 7, np.arange(10.0) % 3, False)),
    ("sets_assume", (np.array([-0.0, 0.0, 0.0, -0.0]), np.array([0.0, -0.0]), True)),
    ("sets_iu", (np.array([-1, 255, 3, 3, 0]), np.array([255, 0, 1], dtype=np.uint8))),
    ("sets_scalar", (np.array([4, 1, 4, 2]), 4)),
    ("diff_loop", (np.arange(30) % 11, np.arange(5), 50)),
]
