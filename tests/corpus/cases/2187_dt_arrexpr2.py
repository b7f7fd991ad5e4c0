# datetime64/timedelta64 (from the datetime hunt): arrexpr2
import numpy as np
from numba import njit


@njit
def rel(d, t0, unit):
    return (d - t0) / unit


@njit
def long_ones(starts, ends, lim):
    return (ends - starts) > lim


@njit
def shift_back(d, t0, t1):
    return t1 + (d - t0)


@njit
def neg_sum(a, b):
    return -(a + b)


@njit
def ratio(a, b, c):
    return (a - b) / c


CALLS = [
    ("rel", (np.array(["2024-01-01T00", "NaT"], dtype="datetime64[h]"), np.datetime64("2023-12-31", "D"), np.timedelta64(30, "m"))),
    ("long_ones", (np.array(["2024-01-01T00", "2024-01-01T02"], dtype="datetime64[h]"), np.array(["2024-01-01T03", "2024-01-01T03"], dtype="datetime64[h]"), np.timedelta64(90, "m"))),
    ("shift_back", (np.array(["2024-01-01T00", "2024-01-01T02"], dtype="datetime64[h]"), np.datetime64("2024-01-01", "D"), np.datetime64("2000-01-01", "D"))),
    ("neg_sum", (np.array([1, 2], dtype="timedelta64[s]"), np.array([3, 4], dtype="timedelta64[m]"))),
    ("ratio", (np.array([10, 20], dtype="timedelta64[s]"), np.array([3, 4], dtype="timedelta64[s]"), np.timedelta64(2, "s"))),
]
