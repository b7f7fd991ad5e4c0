# datetime64/timedelta64 (from the datetime hunt): arrexpr
import numpy as np
from numba import njit


@njit
def hours(starts, ends, unit):
    return (ends - starts) / unit


@njit
def rel(d, t0):
    return (d - t0) / np.timedelta64(1, "h")


@njit
def grid(t0, k, step):
    return t0 + k * step


@njit
def scaled(k, step):
    return k * step


CALLS = [
    ("hours", (np.array(["2024-01-01T00", "NaT"], dtype="datetime64[h]"), np.array(["2024-01-01T03", "2024-01-01T03"], dtype="datetime64[h]"), np.timedelta64(2, "h"))),
    ("rel", (np.array(["2024-01-01T00", "NaT"], dtype="datetime64[h]"), np.datetime64("2023-12-31", "D"))),
    ("grid", (np.datetime64("2024-01-01", "D"), np.arange(3), np.timedelta64(2, "D"))),
    ("scaled", (np.arange(3), np.timedelta64(2, "D"))),
]
