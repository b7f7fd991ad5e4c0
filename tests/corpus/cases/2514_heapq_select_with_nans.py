"""`heapq.nsmallest`/`nlargest` for 1 < n < len keep Numba's heap of (item, order) pairs, so
NaNs stay where the heap meets them; n of 0, 1 or at least the length take the other paths."""
import heapq

import numpy as np
from numba import njit, typed


@njit
def both(n, items):
    return heapq.nsmallest(n, items), heapq.nlargest(n, items)


@njit
def of_array(n, a):
    return heapq.nsmallest(n, a), heapq.nlargest(n, a)


@njit
def of_typed(n):
    l = typed.List([2.0, np.nan, -1.0, 7.0, np.nan, 3.0, 3.0])
    return heapq.nsmallest(n, l), heapq.nlargest(n, l)


@njit
def of_pairs(n):
    l = [(3, 1.0), (1, np.nan), (2, 0.5), (1, 1.0), (0, np.nan)]
    return heapq.nsmallest(n, l), heapq.nlargest(n, l)


CALLS = [
    ("both", (3, [3.0, np.nan, 1.0, 2.0, np.nan, 0.5, 9.0, -4.0])),
    ("both", (2, [3.0, np.nan, 1.0, 2.0, np.nan, 0.5, 9.0, -4.0])),
    ("both", (5, [3.0, np.nan, 1.0, 2.0, np.nan, 0.5, 9.0, -4.0])),
    ("both", (7, [3.0, np.nan, 1.0, 2.0, np.nan, 0.5, 9.0, -4.0])),
    ("both", (8, [3.0, np.nan, 1.0, 2.0, np.nan, 0.5, 9.0, -4.0])),
    ("both", (1, [3.0, np.nan, 1.0, 2.0, np.nan, 0.5, 9.0, -4.0])),
    ("both", (2, [np.nan, 1.0, np.nan, 0.0, 5.0])),
    ("both", (3, [4, 1, 4, 2, 9, 1])),
    ("both", (4, [2.5, 2.5, 1.0, 2.5, 0.0])),
    ("of_array", (3, np.array([5.0, np.nan, 1.0, -2.0, np.nan]))),
    ("of_array", (2, np.array([7, 3, 9, 1]))),
    ("of_typed", (3,)),
    ("of_typed", (5,)),
    ("of_pairs", (2,)),
    ("of_pairs", (3,)),
    ("of_pairs", (4,)),
    ("both", (0, [3.0, np.nan, 1.0, 2.0])),
    ("of_pairs", (0,)),
    ("both", (0, [3.0, np.nan, 1.0, 2.0])),
]
