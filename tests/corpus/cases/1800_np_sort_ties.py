import numpy as np
from numba import njit


@njit(["(float64[:],)", "(int64[:],)"])
def sort_all(a):
    s = np.sort(a)
    i = np.argsort(a)
    j = np.argsort(a, kind="mergesort")
    b = a.copy()
    b.sort()
    return s, i, j, b


@njit("(float64[:, :],)")
def sort_rows(m):
    return np.sort(m)


@njit("(float64[:],)")
def sort_strided(a):
    v = a[::2]
    v.sort()
    return a


CALLS = [
    ("sort_all", (np.array([3.0, 1.0, 2.0, 1.0, np.nan, -0.5, 2.0]),)),
    ("sort_all", ((np.arange(200) * 7919 % 13).astype(np.float64),)),
    ("sort_all", (np.arange(100, 0, -1) % 9,)),
    ("sort_all", (np.array([], dtype=np.int64),)),
    ("sort_rows", (np.array([[3.0, 1.0, 2.0], [0.0, -1.0, 5.0]]),)),
    ("sort_strided", (np.array([5.0, 0.0, 4.0, 0.0, 3.0, 0.0, 2.0]),)),
]
