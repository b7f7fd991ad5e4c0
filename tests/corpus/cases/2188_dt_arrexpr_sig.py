# datetime64/timedelta64 (from the datetime hunt): arrexpr_sig
import numpy as np
from numba import njit, types


@njit((types.NPDatetime("h")[:], types.NPDatetime("h")[:], types.NPTimedelta("m")))
def hours(starts, ends, unit):
    return (ends - starts) / unit


@njit((types.NPDatetime("h")[:], types.NPDatetime("h")[:], types.NPTimedelta("m")))
def long_ones(starts, ends, lim):
    return (ends - starts) > lim


@njit((types.NPDatetime("D"), types.int64[:], types.NPTimedelta("D")))
def grid(t0, k, step):
    return t0 + k * step


CALLS = [
    ("hours", (np.array(["2024-01-01T00", "NaT"], dtype="datetime64[h]"), np.array(["2024-01-01T03", "2024-01-01T03"], dtype="datetime64[h]"), np.timedelta64(30, "m"))),
    ("grid", (np.datetime64("2024-01-01", "D"), np.arange(3), np.timedelta64(2, "D"))),
]
