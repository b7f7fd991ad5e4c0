import numpy as np
from numba import njit


@njit
def srt(a):
    return np.sort(a)


@njit
def argsrt(a):
    return np.argsort(a)


@njit
def argsrt_m(a):
    return np.argsort(a, kind="mergesort")


@njit
def inplace(a):
    b = a.copy()
    b.sort()
    return b


@njit
def pct(a, q):
    return np.percentile(a, q)


@njit
def qtl(a, q):
    return np.quantile(a, q)


@njit
def nanpct(a, q):
    return np.nanpercentile(a, q)


@njit
def lsort(lst):
    return sorted(lst)


CALLS = [
    ("srt", (np.array([3.0, np.nan, 1.0, -np.inf, np.nan, -0.0, 0.0]),)),
    ("srt", (np.array([0.0, -0.0, 0.0, -0.0]),)),
    ("srt", (np.array([3, -1, 2], dtype=np.int8),)),
    ("srt", (np.array([1 + 2j, 1 + 1j, np.nan + 0j, 0 + 5j]),)),
    ("srt", (np.array([True, False, True]),)),
    ("argsrt", (np.array([3.0, np.nan, 1.0, np.nan, 1.0]),)),
    ("argsrt", (np.array([2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1]),)),
    ("argsrt_m", (np.array([2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1]),)),
    ("argsrt_m", (np.array([np.nan, 1.0, np.nan, 0.0]),)),
    ("inplace", (np.array([3.0, np.nan, 1.0]),)),
    ("pct", (np.array([1.0, 2.0, 3.0, 4.0]), 50.0)), ("pct", (np.array([1.0, 2.0, 3.0, 4.0]), 33.0)),
    ("pct", (np.array([1.0, np.nan, 3.0]), 50.0)), ("pct", (np.array([1.0, 2.0]), 101.0)),
    ("pct", (np.array([1.0, 2.0]), -1.0)), ("pct", (np.zeros(0), 50.0)),
    ("pct", (np.array([1, 2, 3, 4]), np.array([0.0, 25.0, 100.0]))),
    ("pct", (np.array([-np.inf, 1.0, np.inf]), 50.0)), ("pct", (np.array([-np.inf, 1.0, np.inf]), 25.0)),
    ("pct", (np.array([0.1, 0.2, 0.3]), 10.0)),
    ("qtl", (np.array([1.0, 2.0, 3.0, 4.0]), 0.5)), ("qtl", (np.array([1.0, 2.0]), 1.5)),
    ("qtl", (np.array([10.0, 20.0, 30.0]), 0.3333)),
    ("nanpct", (np.array([1.0, np.nan, 3.0]), 50.0)), ("nanpct", (np.array([np.nan, np.nan]), 50.0)),
    ("lsort", ([3.0, float("nan"), 1.0, 2.0],)), ("lsort", ([0.0, -0.0, 0.0],)),
    ("lsort", ([-0.0, 0.0, -0.0],)),
]
