# np.array_equal (shapes first, then elements), np.diff of A-layout arrays (refused: it reshapes),
# np.asarray of an array (the same array, or converted with dtype=).
import numpy as np
from numba import njit


@njit("(float64[:], float64[:])")
def eq(a, b):
    return np.array_equal(a, b)


@njit("(int64[:, :], float64[:, :])")
def eq2(a, b):
    return np.array_equal(a, b)


@njit("(float64[:], int64)")
def d1(a, n):
    return np.diff(a, n)


@njit("(int64[:, :],)")
def d2(a):
    return np.diff(a), np.diff(a, 2)


@njit("(float64[:],)")
def asa(a):
    b = np.asarray(a)
    b[0] = 100.0
    return a, np.asarray(a, dtype=np.int32)


CALLS = [
    ("eq", (np.array([1.0, 2.0]), np.array([1.0, 2.0]))),
    ("eq", (np.array([1.0, 2.0]), np.array([1.0, 2.5]))),
    ("eq", (np.array([1.0, 2.0]), np.array([1.0]))),
    ("eq", (np.array([float("nan")]), np.array([float("nan")]))),
    ("eq2", (np.array([[1, 2]]), np.array([[1.0, 2.0]]))),
    ("d1", (np.array([1.0, 4.0, 9.0, 16.0]), 1)),
    ("d1", (np.array([1.0, 4.0, 9.0, 16.0]), 2)),
    ("d1", (np.array([1.0, 4.0]), 5)),
    ("d1", (np.array([1.0, 4.0]), -1)),
    ("d2", (np.array([[1, 3, 6, 10], [0, 0, 1, 1]]),)),
    ("asa", (np.array([1.5, 2.5]),)),
]
