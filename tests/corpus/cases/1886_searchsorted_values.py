# np.searchsorted: both sides, scalar and array keys (2-d keys keep their shape), NaN in the
# sorted array and in the keys, integer keys into float arrays, repeated values, keys in
# decreasing order (the search window restarts), an unsorted array (same answers as Numba).
import numpy as np
from numba import njit


@njit(["(float64[:], float64)", "(int64[:], int64)", "(float64[:], int64)"])
def scalar_key(a, v):
    return np.searchsorted(a, v), np.searchsorted(a, v, side="right"), np.searchsorted(a, v, side="left")


@njit(["(float64[:], float64[:])", "(int64[:], float64[:])", "(float64[:], float64[:, :])"])
def array_keys(a, v):
    return np.searchsorted(a, v), np.searchsorted(a, v, side="right")


CALLS = [
    ("scalar_key", (np.array([1.0, 2.0, 2.0, 2.0, 5.0]), 2.0)),
    ("scalar_key", (np.array([1.0, 2.0, np.nan]), np.nan)),
    ("scalar_key", (np.array([1.0, 2.0, np.nan]), 7.0)),
    ("scalar_key", (np.array([1.0, 2.0, 3.0]), -4)),
    ("scalar_key", (np.array([-3, 0, 0, 9], dtype=np.int64), 0)),
    ("scalar_key", (np.zeros(0), 1.0)),
    ("array_keys", (np.array([0.0, 1.0, 1.0, 4.0, np.nan]), np.array([4.5, 1.0, np.nan, -1.0, 1.0, 0.5]))),
    ("array_keys", (np.array([5.0, 1.0, 3.0, 2.0]), np.array([2.0, 4.0, 0.0, 3.0]))),
    ("array_keys", (np.array([1, 3, 5], dtype=np.int64), np.array([3.0, 2.5, 6.0]))),
    ("array_keys", (np.array([1.0, 3.0, 5.0]), np.array([[3.0, 0.0], [9.0, 5.0]]))),
]
