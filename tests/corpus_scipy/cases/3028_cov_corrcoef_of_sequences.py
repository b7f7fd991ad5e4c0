"""np.cov and np.corrcoef of lists and tuples (np.asarray'd by Numba's implementation): one
variable gives a 0-d array (cov) or a number (corrcoef), rows give a matrix."""
import numpy as np
from numba import njit


@njit("float64[:,:](int64)")
def corr_rows(n):
    return np.corrcoef([[1.0, 2.0, 4.0], [2.0, 1.0, 5.0]])


@njit("float64[:,:](int64)")
def cov_rows_of_ints(n):
    rows = [[1, 2, 4, 7], [2, 1, 0, 3], [5, 5, 6, 1]]
    return np.cov(rows)


@njit("float64(int64)")
def cov_list(n):
    return np.cov([1.0, 2.0, 4.0, 7.0]).item()


@njit("float64[:,:](int64)")
def cov_pair(n):
    return np.cov((1.0, 2.0, 4.0, 7.0), (2.0, 1.0, 0.0, 3.0))


@njit("float64(float64[:])")
def corr_self(x):
    return np.corrcoef(list(x))


@njit("float64[:,:](float64[:], float64[:])")
def corr_arrays_as_lists(x, y):
    xs = [v for v in x]
    return np.corrcoef(xs, y)


CALLS = [
    ("corr_rows", (1,)),
    ("cov_rows_of_ints", (1,)),
    ("cov_list", (1,)),
    ("cov_pair", (1,)),
    ("corr_self", (np.array([1.0, 3.0, 2.0]),)),
    ("corr_arrays_as_lists", (np.array([1.0, 3.0, 2.0, 5.0]), np.array([0.5, 1.0, 4.0, 4.5]))),
]
