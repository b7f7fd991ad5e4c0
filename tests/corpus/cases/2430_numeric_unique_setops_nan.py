import numpy as np
from numba import njit


@njit
def uniq(a):
    return np.unique(a)


@njit
def inter(a, b):
    return np.intersect1d(a, b)


@njit
def union(a, b):
    return np.union1d(a, b)


@njit
def setd(a, b):
    return np.setdiff1d(a, b)


@njit
def isin(a, b):
    return np.isin(a, b)


@njit
def sset(lst):
    return sorted(set(lst))


@njit
def setlen(lst):
    return len(set(lst))


CALLS = [
    ("uniq", (np.array([np.nan, 1.0, np.nan, 0.0, -0.0]),)),
    ("uniq", (np.array([-0.0, 0.0, -0.0]),)),
    ("uniq", (np.array([3, 1, 3, -1], dtype=np.int8),)),
    ("uniq", (np.array([True, False, True]),)),
    ("uniq", (np.zeros(0),)),
    ("inter", (np.array([np.nan, 1.0]), np.array([np.nan, 1.0]))),
    ("inter", (np.array([-0.0, 2.0]), np.array([0.0]))),
    ("union", (np.array([np.nan, 1.0]), np.array([np.nan]))),
    ("setd", (np.array([np.nan, 1.0, 2.0]), np.array([np.nan, 2.0]))),
    ("isin", (np.array([np.nan, 1.0, -0.0]), np.array([np.nan, 0.0]))),
    ("sset", ([0.0, -0.0, 1.0],)), ("sset", ([-0.0, 0.0, 1.0],)),
    ("setlen", ([float("nan"), float("nan"), 1.0],)), ("setlen", ([1, 1.0] if False else [1.0, 1.0, 2.0],)),
]
