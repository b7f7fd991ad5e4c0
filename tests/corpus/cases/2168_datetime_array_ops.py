# Array arithmetic on timedelta64/datetime64 arrays (scaling, division, sums of arrays,
# shifting by a timedelta array, comparisons of two arrays, maximum/minimum), datetime
# arguments in lists and tuples, typed containers of timedeltas, prange over dates, and
# isinstance of datetimes.
import numpy as np
from numba import njit, prange, types
from numba.typed import List


@njit
def scaled(td, k):
    return td * k, td / k, k * td


@njit
def td_sum(a, b):
    return a + b, a - b, a / b


@njit
def shift_each(d, td):
    return d + td, d - td


@njit
def same_day(a, b):
    return a == b, a < b


@njit
def later(a, b):
    return np.maximum(a, b), np.minimum(a, b)


@njit
def first_of(dates):
    best = dates[0]
    for d in dates:
        if d < best:
            best = d
    return best


@njit
def pair_span(p):
    return p[1] - p[0]


@njit
def typed_total(a):
    xs = List()
    for x in a:
        xs.append(x)
    t = xs[0] - xs[0]
    for x in xs:
        t += x
    return t


@njit(parallel=True)
def par_days(d, t0):
    out = np.empty(d.shape[0], dtype=np.int64)
    for i in prange(d.shape[0]):
        out[i] = np.int64(d[i] - t0)
    return out


@njit
def kinds(x):
    return isinstance(x, np.datetime64), isinstance(x, np.timedelta64)


@njit
def td_floor(a, k):
    return a // k


@njit
def td_abs_neg(a):
    return np.abs(a), -a, np.negative(a)


CALLS = [
    ("scaled", (np.array([10, -7, 3], dtype="timedelta64[m]"), 2)),
    ("scaled", (np.array([10, -7, 3], dtype="timedelta64[m]"), 2.5)),
    ("td_sum", (np.array([10, -7, 3], dtype="timedelta64[s]"), np.array([5, 7, 0], dtype="timedelta64[s]"))),
    ("td_sum", (np.array([10, -7], dtype="timedelta64[s]"), np.array([5, 7], dtype="timedelta64[m]"))),
    ("shift_each", (np.array(["2024-01-01", "2024-02-28"], dtype="datetime64[D]"), np.array([1, 2], dtype="timedelta64[D]"))),
    ("shift_each", (np.array(["2024-01-01", "2024-02-28"], dtype="datetime64[D]"), np.array([1, 30], dtype="timedelta64[h]"))),
    ("same_day", (np.array(["2024-01-01", "2024-02-28", "NaT"], dtype="datetime64[D]"), np.array(["2024-01-01", "2024-03-01", "NaT"], dtype="datetime64[D]"))),
    ("later", (np.array(["2024-01-01", "2024-02-28", "NaT"], dtype="datetime64[D]"), np.array(["2024-01-02", "2024-02-01", "2024-01-01"], dtype="datetime64[D]"))),
    ("first_of", ([np.datetime64("2024-01-05", "D"), np.datetime64("2023-01-05", "D"), np.datetime64("2024-11-05", "D")],)),
    ("pair_span", ((np.datetime64("2024-01-05T10", "h"), np.datetime64("2024-01-07T09", "h")),)),
    ("typed_total", (np.array([5, 7], dtype="timedelta64[s]"),)),
    ("par_days", (np.array(["2024-01-01", "2024-02-28", "NaT"], dtype="datetime64[D]"), np.datetime64("2024-01-01", "D"))),
    ("kinds", (np.datetime64("2024-01-05", "D"),)),
    ("kinds", (np.timedelta64(3, "h"),)),
    ("td_floor", (np.array([10, -7, 3], dtype="timedelta64[m]"), 2)),
    ("td_abs_neg", (np.array([10, -7, 3], dtype="timedelta64[m]"),)),
]
