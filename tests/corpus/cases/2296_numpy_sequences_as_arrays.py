"""NumPy functions given lists and tuples where they take arrays (np.asarray'd by Numba's
implementations): np.interp's sample points, np.searchsorted's keys and sorted sequence,
np.vander's points."""
import numpy as np
from numba import njit


@njit
def interp_lists(x):
    return np.interp(x, [0.0, 1.0, 3.0], [1.0, 2.0, 4.0])


@njit
def interp_tuple_points(x):
    return np.interp(x, (0.0, 2.0), (10.0, 30.0))


@njit
def search_list_keys(a):
    return np.searchsorted(a, [2, 4])


@njit
def search_in_list(k):
    return np.searchsorted([1.0, 2.0, 3.5, 8.0], k, side="right")


@njit("int64(float64)")
def search_in_list_typed(k):
    return np.searchsorted([1.0, 2.0, 3.5, 8.0], k)


@njit("int64[:](int64[:])")
def search_tuple_keys(a):
    return np.searchsorted(a, (2, 4))


@njit
def vander_tuple(n):
    return np.vander((1, 2, n))


@njit
def vander_list(n):
    return np.vander([1.5, 2.0], n, True)


CALLS = [
    ("interp_lists", (2.5,)),
    ("interp_lists", (np.array([-1.0, 0.5, 9.0]),)),
    ("interp_tuple_points", (1.0,)),
    ("search_list_keys", (np.array([1, 3, 5]),)),
    ("search_in_list", (3.5,)),
    ("search_in_list_typed", (3.5,)),
    ("search_tuple_keys", (np.array([1, 3, 5]),)),
    ("vander_tuple", (3,)),
    ("vander_list", (3,)),
]
