# datetime64/timedelta64 (from the datetime hunt): full
import numpy as np
from numba import njit

NAT = np.datetime64("NaT", "s")


@njit
def full(n, t):
    return np.full(n, t)


@njit
def full_g(n):
    return np.full(n, NAT)


@njit
def full_dt(n, t):
    return np.full(n, t, dtype="datetime64[D]")


@njit
def zl(d):
    return np.zeros_like(d)


@njit
def fl(d, t):
    return np.full_like(d, t)


@njit
def ones_td(n):
    return np.ones(n, dtype="timedelta64[s]")


@njit
def fill(d, t):
    d.fill(t)
    return d


CALLS = [
    ("full", (2, np.datetime64("2024-01-01", "D"))),
    ("full", (2, np.timedelta64(3, "h"))),
    ("full_g", (2,)),
    ("full_dt", (2, np.datetime64("2024-01-01", "D"))),
    ("zl", (np.array(["2024-01-01"], dtype="datetime64[D]"),)),
    ("fl", (np.array(["2024-01-01"], dtype="datetime64[D]"), np.datetime64("2000-01-01", "D"))),
    ("fl", (np.array(["2024-01-01"], dtype="datetime64[D]"), np.datetime64("NaT", "s"))),
    ("ones_td", (2,)),
    ("fill", (np.array(["2024-01-01"], dtype="datetime64[D]"), np.datetime64("2000-01-01T05", "h"))),
    ("fill", (np.array([1], dtype="timedelta64[m]"), np.timedelta64(90, "s"))),
]
