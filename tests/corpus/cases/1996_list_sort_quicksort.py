# list.sort and sorted() of numbers run Numba's quicksort by plain `<` (`>` when reversed):
# NaNs stay where its partitions leave them (insertion sort below 16 items), and equal items
# that differ (0.0 and -0.0) come out in the order its partitions give.
import numpy as np
from numba import njit


@njit("float64[:](float64[:])")
def list_sort(a):
    l = list(a)
    l.sort()
    return np.array(l)


@njit("float64[:](float64[:])")
def list_sorted(a):
    return np.array(sorted(list(a)))


@njit("float64[:](float64[:])")
def list_sort_reverse(a):
    l = list(a)
    l.sort(reverse=True)
    return np.array(l)


@njit("int64[:](int64[:])")
def int_sorted_reverse(a):
    return np.array(sorted(list(a), reverse=True))


@njit("float64[:](int64)")
def signed_zeros(n):
    l = []
    for i in range(n):
        l.append(0.0 if i % 3 else -0.0)
        l.append(float(i % 5))
    l.sort()
    return np.copysign(1.0, np.array(l))


@njit("float64[:](float64[:])")
def sorted_by_key(a):
    return np.array(sorted(list(a), key=lambda x: x * 2.0))


@njit("float64[:](float64[:])")
def sort_by_key_reverse(a):
    l = list(a)
    l.sort(key=lambda x: -x, reverse=True)
    return np.array(l)


CALLS = [
    ("sorted_by_key", (np.array([2.0] * 8 + [np.nan] + [1.0] * 7),)),
    ("sorted_by_key", (np.array([5.0, 1.0, np.nan, 4.0, 9.0, 2.0, 8.0, np.nan, 7.0, 3.0, 6.0, 0.5, 11.0, 10.0, 12.0, 13.0, 14.0, 15.0, np.nan, 1.5]),)),
    ("sort_by_key_reverse", (np.array([1.0, np.nan] * 10 + [3.0, 0.0, 2.0]),)),
    ("list_sort", (np.array([2.0] * 8 + [np.nan] + [1.0] * 7),)),
    ("list_sort", (np.array([3.0, np.nan, 1.0, 2.0]),)),
    ("list_sort", (np.array([5.0, 1.0, np.nan, 4.0, 9.0, 2.0, 8.0, np.nan, 7.0, 3.0, 6.0, 0.5, 11.0, 10.0, 12.0, 13.0, 14.0, 15.0, np.nan, 1.5]),)),
    ("list_sorted", (np.array([2.0] * 8 + [np.nan] + [1.0] * 7),)),
    ("list_sort_reverse", (np.array([1.0, np.nan] * 10 + [3.0, 0.0, 2.0]),)),
    ("list_sort_reverse", (np.arange(20.0) % 7,)),
    ("int_sorted_reverse", (np.arange(40) % 9,)),
    ("signed_zeros", (30,)),
]
