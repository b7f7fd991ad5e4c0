# np.isclose / np.allclose as Numba implements them: _isclose_item per element (two arrays:
# 1-d, a read-only result), _allclose_scalars over broadcast pairs; arrays of different dtypes
# are refused by allclose's broadcast_arrays.
import numpy as np
from numba import njit

@njit("(float64[:], float64[:])")
def aa(a, b):
    return np.isclose(a, b), np.isclose(a, b, equal_nan=True), np.allclose(a, b), np.allclose(a, b, equal_nan=True)

@njit("(float64[:, ::1], float64)")
def a_s(a, s):
    return np.isclose(a, s), np.isclose(s, a, rtol=0.1), np.allclose(a, s), np.isclose(s, 1.0)

@njit("(float32[:], float32[:, :])")
def mixed(a, b):
    return np.allclose(a, b), np.allclose(b, a, atol=0.6)

@njit("(int64[:], int64[:])")
def ints(a, b):
    return np.isclose(a, b), np.allclose(a, b)

@njit("(float64[:, :], float64[:])")
def all2(a, b):
    return np.allclose(a, b)


CALLS = [
    ("aa", (np.array([1.0, 2.0, float("nan"), float("inf"), -float("inf"), 1e-9]), np.array([1.0 + 1e-6, 2.1, float("nan"), float("inf"), float("inf"), 0.0]))),
    ("aa", (np.array([1.0, 2.0]), np.array([1.0]))),
    ("aa", (np.array([1.0, 2.0]), np.array([1.0, 2.0, 3.0]))),
    ("aa", (np.array([1.0, float("nan")]), np.array([1.0, float("nan")]))),
    ("a_s", (np.array([[1.0, 1.05], [float("nan"), float("inf")]]), 1.0)),
    ("mixed", (np.array([1, 2, 3], dtype=np.float32), np.array([[1.0, 2.0, 3.0], [1.5, 2.5, 3.5]], dtype=np.float32))),
    ("ints", (np.array([1, 2, 3]), np.array([1, 5, 3]))),
    ("all2", (np.ones((2, 3)), np.ones(3))),
    ("all2", (np.ones((2, 3)), np.ones(2))),
    ("all2", (np.ones((2, 3)), np.array([1.0, 1.0, 1.1]))),
]


@njit("(int64[:], float64[:])")
def allclose_dtypes(a, b):
    return np.allclose(a, b)
