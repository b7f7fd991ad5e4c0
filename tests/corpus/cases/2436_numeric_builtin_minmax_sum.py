import numpy as np
from numba import njit


@njit
def bmax(a):
    return max(a)


@njit
def bmin(a):
    return min(a)


@njit
def bsum(a):
    return sum(a)


@njit
def bsum_start(a, s):
    return sum(a, s)


@njit
def bmax_key(a):
    return max(a, key=lambda x: -x)


@njit
def bsorted(a):
    return sorted(a)


@njit
def bsorted_rev(a):
    return sorted(a, reverse=True)


@njit
def bany(a):
    return any(a), all(a)


@njit
def babs_list(a):
    return [abs(x) for x in a]


CALLS = [
    ("bmax", (np.array([1.0, np.nan, 3.0]),)), ("bmax", (np.array([np.nan, 1.0, 3.0]),)),
    ("bmin", (np.array([1.0, np.nan, -3.0]),)), ("bmax", ([0.0, -0.0],)), ("bmax", ([-0.0, 0.0],)),
    ("bmax", ((1, 2.5, 2),)), ("bmin", ((np.uint8(3), -1),)), ("bmax", ([],)) if False else ("bmax", (np.zeros(0),)),
    ("bsum", (np.array([100, 100], dtype=np.int8),)), ("bsum", ([0.1] * 10,)), ("bsum", ((1, 2.5, True),)),
    ("bsum", (np.array([True, True]),)), ("bsum", ([],)) if False else ("bsum", (np.zeros(0, dtype=np.int8),)),
    ("bsum_start", ([1, 2], 0.5)), ("bsum_start", (np.array([1.5]), 1)),
    ("bmax_key", ([3, 1, 2],)),
    ("bsorted", (np.array([3.0, np.nan, 1.0, 2.0]),)), ("bsorted", ([3, -1, 2],)),
    ("bsorted", ([2.0, float("nan"), 1.0],)), ("bsorted", ((3.0, float("nan"), 1.0),)) if False else ("bsorted", ([1.0, 2.0, float("nan"), 0.5],)),
    ("bsorted_rev", ([3.0, float("nan"), 1.0, 2.0],)), ("bsorted_rev", ([0.0, -0.0, 1.0],)),
    ("bany", (np.array([0.0, np.nan]),)), ("bany", (np.array([0.0, -0.0]),)), ("bany", ([],)) if False else ("bany", (np.zeros(0),)),
    ("babs_list", ([-0.0, -1.5, float("-inf")],)),
]
