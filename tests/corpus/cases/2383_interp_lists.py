# sktime lower bounding: np.interp(list(range(n)), [0, n - 1], [lo, hi]) with reflected lists.
import numpy as np
from numba import njit


@njit
def line(n, lo, hi):
    return np.interp(list(range(n)), [0, n - 1], [lo, hi])


@njit
def line_arr(n, lo, hi):
    return np.interp(np.arange(n), np.array([0, n - 1]), np.array([lo, hi]))


CALLS = [
    ("line", (4, 0.0, 3.0)),
    ("line_arr", (4, 0.0, 3.0)),
]
