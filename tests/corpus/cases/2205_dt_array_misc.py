# Array utilities on datetime64/timedelta64 arrays (from the datetime hunt): array_equal across
# units and with NaT, and more.
# Array utilities on date arrays: reversing, copies, rows of 2-d date grids, array_equal,
# searchsorted with array needles in another unit, concatenate across units, np.nonzero of
# date masks, structured log records with a datetime field, and mixed-unit array shifts.
import numpy as np
from numba import njit, types


@njit
def rev(d):
    return d[::-1].copy(), np.flip(d)


@njit
def rows(m):
    out = []
    for r in m:
        out.append(r[-1] - r[0])
    return out


@njit
def same(a, b):
    return np.array_equal(a, b)


@njit
def search_arr(edges, ts):
    return np.searchsorted(edges, ts, side="right")


@njit
def cat(a, b):
    return np.concatenate((a, b))


@njit
def late_idx(d, t):
    return np.nonzero(d > t)[0]


@njit
def rec_span(recs):
    lo = recs[0].ts
    hi = recs[0].ts
    for i in range(recs.shape[0]):
        if recs[i].ts < lo:
            lo = recs[i].ts
        if recs[i].ts > hi:
            hi = recs[i].ts
    return hi - lo


@njit
def shift_mixed(d, td):
    return d + td, d - td, td + d


@njit
def td_arr_scalar_cmp(a, t):
    return a >= t, np.count_nonzero(a >= t)


CALLS = [
    ("rev", (np.array(["2024-01-01", "NaT", "2024-01-03"], dtype="datetime64[D]"),)),
    ("rows", (np.array([["2024-01-01", "2024-01-03"], ["2024-02-01", "2024-01-30"]], dtype="datetime64[D]"),)),
    ("same", (np.array(["2024-01-01", "NaT"], dtype="datetime64[D]"), np.array(["2024-01-01", "NaT"], dtype="datetime64[D]"))),
    ("same", (np.array(["2024-01-01"], dtype="datetime64[D]"), np.array(["2024-01-01T00"], dtype="datetime64[h]"))),
    ("search_arr", (np.array(["2024-01-01", "2024-01-03"], dtype="datetime64[D]"), np.array(["2024-01-02T05", "2024-01-03T00"], dtype="datetime64[h]"))),
    ("cat", (np.array(["2024-01-01"], dtype="datetime64[D]"), np.array(["2024-01-01T05"], dtype="datetime64[h]"))),
    ("late_idx", (np.array(["2024-01-01", "NaT", "2024-01-09", "2024-01-05"], dtype="datetime64[D]"), np.datetime64("2024-01-04", "D"))),
    ("rec_span", (np.array([(1, np.datetime64("2024-01-05T10:00", "m")), (2, np.datetime64("2024-01-01T09:30", "m"))], dtype=[("id", "i8"), ("ts", "M8[m]")]),)),
    ("shift_mixed", (np.array(["2024-01-01", "NaT"], dtype="datetime64[D]"), np.timedelta64(90, "m"))),
    ("shift_mixed", (np.array(["2024-01-01T10", "2024-01-01T11"], dtype="datetime64[h]"), np.array([1, 2], dtype="timedelta64[D]"))),
    ("td_arr_scalar_cmp", (np.array([5, 60, 3600], dtype="timedelta64[s]"), np.timedelta64(1, "m"))),
]
