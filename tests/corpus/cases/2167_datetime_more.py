# More datetime64/timedelta64 code: module-level datetime constants, new arrays of dates
# (empty_like, np.empty with a datetime dtype), slicing, boolean masks, copies,
# concatenation, argmin/argmax, unique, lists and dicts of dates, hashing, and timedelta
# arrays divided by a timedelta.
import numpy as np
from numba import njit, types

EPOCH = np.datetime64("2000-01-01", "D")
HOUR = np.timedelta64(1, "h")


@njit
def days_since_epoch(d):
    out = np.empty(d.shape[0], dtype=np.int64)
    for i in range(d.shape[0]):
        out[i] = np.int64(d[i] - EPOCH)
    return out


@njit
def hours(td):
    return td / HOUR


@njit
def shifted_copy(d, td):
    out = np.empty_like(d)
    for i in range(d.shape[0]):
        out[i] = d[i] + td
    return out


@njit
def every_other(d):
    return d[::2], d[1:].copy(), len(d)


@njit
def after(d, t):
    return d[d > t]


@njit
def joined(a, b):
    return np.concatenate((a, b))


@njit
def extremes(d):
    return np.argmin(d), np.argmax(d), d.argmin()


@njit
def distinct(d):
    return np.unique(d)


@njit
def as_list(d):
    out = []
    for x in d:
        out.append(x)
    return out


@njit
def count_days(d):
    counts = {}
    for x in d:
        counts[x] = counts.get(x, 0) + 1
    return len(counts)


@njit
def hashes(t):
    return hash(t)


@njit
def fill_nat(d, t):
    for i in range(d.shape[0]):
        if np.isnat(d[i]):
            d[i] = t
    return d


@njit((types.NPTimedelta("s")[:], types.NPTimedelta("s")))
def ratios(a, b):
    return a / b


@njit
def typed(a):
    return np.empty(3, dtype="datetime64[D]").shape[0] + a


CALLS = [
    ("days_since_epoch", (np.array(["2000-01-01", "2024-02-29", "1999-12-31"], dtype="datetime64[D]"),)),
    ("hours", (np.timedelta64(90, "m"),)),
    ("hours", (np.timedelta64(2, "D"),)),
    ("shifted_copy", (np.array(["2024-01-01", "2024-01-31"], dtype="datetime64[D]"), np.timedelta64(2, "D"))),
    ("every_other", (np.array(["2024-01-01", "2024-01-02", "2024-01-03"], dtype="datetime64[D]"),)),
    ("after", (np.array(["2024-01-05", "2024-01-01", "NaT", "2024-01-09"], dtype="datetime64[D]"), np.datetime64("2024-01-02", "D"))),
    ("joined", (np.array(["2024-01-01"], dtype="datetime64[D]"), np.array(["2025-01-01", "NaT"], dtype="datetime64[D]"))),
    ("extremes", (np.array(["2024-01-05", "2024-01-01", "2024-01-09"], dtype="datetime64[D]"),)),
    ("extremes", (np.array(["2024-01-05", "NaT", "2024-01-09"], dtype="datetime64[D]"),)),
    ("distinct", (np.array(["2024-01-05", "2024-01-01", "2024-01-05"], dtype="datetime64[D]"),)),
    ("as_list", (np.array(["2024-01-05", "NaT"], dtype="datetime64[D]"),)),
    ("count_days", (np.array(["2024-01-05", "2024-01-01", "2024-01-05"], dtype="datetime64[D]"),)),
    ("hashes", (np.timedelta64(5, "s"),)),
    ("hashes", (np.datetime64("2024-01-05", "D"),)),
    ("fill_nat", (np.array(["2024-01-05", "NaT"], dtype="datetime64[D]"), np.datetime64("2000-01-01", "D"))),
    ("ratios", (np.array([30, 90, -45], dtype="timedelta64[s]"), np.timedelta64(60, "s"))),
    ("typed", (1,)),
]
