# list.sort / sorted with a key giving tuples of numbers: Numba's argsort quicksort of the keys
# by tuple <.
import numpy as np
from numba import njit


@njit("int64[:](int64[:])")
def by_abs_then_neg(a):
    return np.array(sorted(list(a), key=lambda x: (abs(x), -x)))


@njit("float64[:](float64[:])")
def by_pair(a):
    l = list(a)
    l.sort(key=lambda x: (np.floor(x), -x))
    return np.array(l)


@njit("int64[:](int64[:])")
def by_parity_reverse(a):
    return np.array(sorted(list(a), key=lambda x: (x % 3, x), reverse=True))

CALLS = [("by_abs_then_neg", (np.array([3, -3, 2, -1, 1, 0, -2, 5, -5, 4, -4, 3, 2, 1, -1, 0, 7, -7]),)), ("by_pair", (np.array([1.5, 1.2, -0.5, np.nan, 2.0, 1.9, -0.1, 0.3, 0.3, 2.5, 1.1, -1.7, 0.0, 4.2, 3.3, 2.2, 1.0]),)), ("by_parity_reverse", (np.array([5, 3, 9, 1, 4, 7, 2, 8, 6, 0, 11, 10, 13, 12, 15, 14, 16]),)), ("by_abs_then_neg", (np.zeros(0, np.int64),))]
