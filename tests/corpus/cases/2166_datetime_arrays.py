# datetime64/timedelta64 arrays in time-series code: day differences through int64 views,
# resampling to bins with np.searchsorted, comparisons against scalars, NaT masks,
# sort/argsort/max of dates, item writes, sums and negation of timedeltas, and the operations
# Numba refuses (array - array of dates, np.timedelta64 inside jit code, astype(int64)).
import numpy as np
from numba import njit, types


@njit((types.NPDatetime("D")[:],))
def day_gaps(d):
    out = np.empty(d.shape[0] - 1, dtype=np.int64)
    for i in range(d.shape[0] - 1):
        out[i] = np.int64(d[i + 1] - d[i])
    return out


@njit((types.NPDatetime("D")[:],))
def gaps_vectorized(d):
    return d[1:] - d[:-1]


@njit
def diff_scalar(d):
    return d[1] - d[0], (d[1] - d[0]) * 2, d.max() - d.min()


@njit((types.NPDatetime("D")[:],))
def weekday(d):
    days = d.view(np.int64)
    return (days + 3) % 7


@njit
def bin_counts(times, edges):
    idx = np.searchsorted(edges, times, side="right") - 1
    counts = np.zeros(edges.shape[0], dtype=np.int64)
    for i in idx:
        if i >= 0:
            counts[i] += 1
    return counts


@njit
def latest_before(times, t):
    best = -1
    for i in range(times.shape[0]):
        if times[i] <= t:
            if best < 0 or times[i] > times[best]:
                best = i
    return best


@njit
def sort_dates(d):
    return np.sort(d), np.argsort(d), d.max(), d.min()


@njit
def nat_mask(d):
    return np.isnat(d)


@njit((types.NPDatetime("h"), types.NPDatetime("h")))
def scalar_dt_ops(a, b):
    return b - a, a < b, a == b


@njit((types.NPDatetime("D"),))
def shift_const(a):
    return a + np.timedelta64(3, "D")


@njit
def add_timedelta(d, td):
    return d + td, d - td


@njit
def count_in_window(times, start, end):
    c = 0
    for t in times:
        if start <= t < end:
            c += 1
    return c


@njit
def td_total(a):
    return a.sum()


@njit
def stamp(d, i, t):
    d[i] = t
    return d


@njit
def before(d, t):
    return d < t, d == t


@njit
def shift_array(d, td):
    return d + td


@njit((types.NPTimedelta("s")[:],))
def td_neg(a):
    return -a


@njit
def to_ints(d):
    return d.astype(np.int64)


CALLS = [
    ("day_gaps", (np.array(["2024-01-01", "2024-01-03", "2024-02-01", "2024-03-01"], dtype="datetime64[D]"),)),
    ("diff_scalar", (np.array(["2024-01-01", "2024-01-03", "2023-12-31"], dtype="datetime64[D]"),)),
    ("weekday", (np.array(["1970-01-01", "2024-06-01", "2024-06-03"], dtype="datetime64[D]"),)),
    ("bin_counts", (np.array(["2024-01-01T05", "2024-01-01T23", "2024-01-02T00", "2024-01-03T12", "2023-12-31T01"], dtype="datetime64[h]"), np.array(["2024-01-01", "2024-01-02", "2024-01-03"], dtype="datetime64[h]"))),
    ("latest_before", (np.array(["2024-01-05", "2024-01-01", "2024-01-03"], dtype="datetime64[D]"), np.datetime64("2024-01-04", "D"))),
    ("sort_dates", (np.array(["2024-01-05", "2024-01-01", "2024-01-03"], dtype="datetime64[D]"),)),
    ("sort_dates", (np.array([5, 1, 3], dtype="timedelta64[s]"),)),
    ("nat_mask", (np.array(["2024-01-01", "NaT"], dtype="datetime64[D]"),)),
    ("scalar_dt_ops", (np.datetime64("2024-01-01T00", "h"), np.datetime64("2024-01-02T06", "h"))),
    ("add_timedelta", (np.array(["2024-02-27", "2023-12-31"], dtype="datetime64[D]"), np.timedelta64(3, "D"))),
    ("add_timedelta", (np.datetime64("2024-02-27T10", "h"), np.timedelta64(30, "h"))),
    ("count_in_window", (np.array(["2024-01-05", "2024-01-01", "2024-01-03"], dtype="datetime64[D]"), np.datetime64("2024-01-01", "D"), np.datetime64("2024-01-05", "D"))),
    ("td_total", (np.array([5, 1, 3], dtype="timedelta64[s]"),)),
    ("stamp", (np.array(["2024-01-01", "NaT"], dtype="datetime64[D]"), 1, np.datetime64("2024-05-06", "D"))),
    ("before", (np.array(["2024-01-05", "NaT", "2024-01-03"], dtype="datetime64[D]"), np.datetime64("2024-01-04", "D"))),
    ("before", (np.array(["2024-01-05", "2024-01-03"], dtype="datetime64[D]"), np.datetime64("2024-01-03T10", "h"))),
    ("shift_array", (np.array(["2024-01-05", "NaT"], dtype="datetime64[D]"), np.timedelta64(36, "h"))),
    ("td_neg", (np.array([5, -1, 3], dtype="timedelta64[s]"),)),
    ("to_ints", (np.array(["2024-01-05", "NaT"], dtype="datetime64[D]"),)),
]
