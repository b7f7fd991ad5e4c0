# datetime64/timedelta64 (from the datetime hunt): fill2
import numpy as np
from numba import njit, types


@njit
def fill(d, t):
    d.fill(t)
    return d


@njit((types.NPDatetime("D")[:], types.NPDatetime("s")))
def fl_sig(d, t):
    return np.full_like(d, t)


@njit((types.intp,))
def ones_sig(n):
    return np.ones(n, dtype="timedelta64[s]")


@njit((types.NPDatetime("D")[:],))
def sum_sig(d):
    return d.sum()


@njit((types.NPTimedelta("s")[:],))
def mean_sig(d):
    return d.mean()


CALLS = [
    ("fill", (np.array(["2024-01-01"], dtype="datetime64[D]"), np.datetime64("2000-01-01", "D"))),
    ("fill", (np.array([1], dtype="timedelta64[m]"), np.timedelta64(90, "m"))),
    ("mean_sig", (np.array([1, 2, 4], dtype="timedelta64[s]"),)),
]
