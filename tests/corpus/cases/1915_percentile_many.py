import numpy as np
from numba import njit

@njit(["(float64[:], float64[:])", "(int64[:], float64[::1])", "(float32[:, :], int64[:])"])
def pct(a, q):
    return np.percentile(a, q), np.nanpercentile(a, q)

@njit(["(float64[:], float64[:])"])
def qnt(a, q):
    return np.quantile(a, q), np.nanquantile(a, q)

@njit("(float64[:],)")
def pct_scalar(a):
    return np.percentile(a, 30.0), np.quantile(a, 0.5)

@njit("(float64[:], float64)")
def pct_empty(a, q):
    return np.percentile(a, q)

@njit("(float64[:], float64[:])")
def pct_empty_many(a, q):
    return np.percentile(a, q)


CALLS = [("pct", (np.array([3.0, 1.0, 4.0, 1.5, 9.0]), np.array([0.0, 25.0, 50.0, 100.0, 12.5]))),
 ("pct", (np.array([3.0, np.nan, 4.0]), np.array([10.0, 90.0]))),
 ("pct", (np.array([np.inf, 1.0, -np.inf]), np.array([0.0, 50.0, 100.0]))),
 ("pct", (np.array([3.0, 1.0]), np.array([10.0, 101.0]))),
 ("pct", (np.array([], dtype=np.float64), np.array([10.0]))),
 ("pct", (np.array([5, 1, 7]), np.array([33.0, 66.0]))),
 ("pct", (np.arange(6, dtype=np.float32).reshape(2, 3), np.array([0, 50, 100]))),
 ("qnt", (np.array([3.0, 1.0, 4.0, 1.5, 9.0]), np.array([0.1, 0.9]))),
 ("qnt", (np.array([3.0, 1.0]), np.array([0.5, -0.1]))),
 ("pct_scalar", (np.array([3.0, 1.0, 4.0]),)),
 ("pct_empty", (np.zeros(0), 0.0)), ("pct_empty", (np.zeros(0), 100.0)), ("pct_empty", (np.zeros(0), 50.0)),
 ("pct_empty_many", (np.zeros(0), np.array([50.0, 0.0]))), ("pct_empty_many", (np.zeros(0), np.array([100.0]))),
]
