# np.percentile / np.quantile / their nan forms with a scalar q: interpolation, the 0 and 100
# percentiles with infinities, NaNs, single items, integer and 2-d arrays, q out of range.
import numpy as np
from numba import njit


@njit(["(float64[:], float64)", "(int64[:], float64)", "(float64[:, :], float64)"])
def pct(a, q):
    return np.percentile(a, q), np.nanpercentile(a, q)


@njit(["(float64[:], float64)", "(int32[:], int64)"])
def qnt(a, q):
    return np.quantile(a, q), np.nanquantile(a, q)


CALLS = [
    ("pct", (np.array([3.0, 1.0, 4.0, 1.5, 9.0, 2.5]), 37.5)),
    ("pct", (np.array([3.0, 1.0, 4.0, 1.5, 9.0, 2.5]), 0.0)),
    ("pct", (np.array([3.0, 1.0, 4.0, 1.5, 9.0, 2.5]), 100.0)),
    ("pct", (np.array([3.0, np.nan, 4.0, 1.0]), 50.0)),
    ("pct", (np.array([np.inf, 1.0, -np.inf, 2.0]), 0.0)),
    ("pct", (np.array([np.inf, 1.0, -np.inf, 2.0]), 100.0)),
    ("pct", (np.array([np.inf, 1.0]), 0.0)),
    ("pct", (np.array([-np.inf, -np.inf, 5.0]), 0.0)),
    ("pct", (np.array([np.inf, np.inf, 5.0]), 0.0)),
    ("pct", (np.array([np.inf, 5.0, 1.0]), 30.0)),
    ("pct", (np.array([7.5]), 20.0)),
    ("pct", (np.array([np.inf]), 20.0)),
    ("pct", (np.array([np.nan, np.nan]), 20.0)),
    ("pct", (np.array([5, 1, 9, 3, 7], dtype=np.int64), 62.0)),
    ("pct", (np.arange(12.0).reshape(3, 4), 81.0)),
    ("pct", (np.array([1.0, 2.0]), 100.5)),
    ("pct", (np.array([1.0, 2.0]), -1.0)),
    ("pct", (np.array([1.0, 2.0]), np.nan)),
    ("qnt", (np.array([0.5, 0.25, 1.0, 8.0, 2.0]), 0.3)),
    ("qnt", (np.array([0.5, 0.25, 1.0, 8.0, 2.0]), 1.5)),
    ("qnt", (np.array([4, 8, 1, 6], dtype=np.int32), 1)),
    ("qnt", (np.array([4, 8, 1, 6], dtype=np.int32), 0)),
]
