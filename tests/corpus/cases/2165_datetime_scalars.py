# numpy.datetime64 / timedelta64 scalars (Numba's NPDatetime / NPTimedelta): arithmetic with
# unit promotion, NaT propagation, comparisons, scaling by numbers, division, abs and negation,
# np.isnat, casts to int64, min/max, and the combinations Numba refuses.
import numpy as np
from numba import njit, types

D = types.NPDatetime("D")
h = types.NPDatetime("h")
tD = types.NPTimedelta("D")
th = types.NPTimedelta("h")
ts = types.NPTimedelta("s")
tM = types.NPTimedelta("M")
MM = types.NPDatetime("M")


@njit((D, D))
def days_between(a, b):
    return b - a


@njit((D, h))
def mixed_units(a, b):
    return b - a, a < b, a == b, a != b


@njit((D, th))
def shift(a, d):
    return a + d, a - d, d + a


@njit((tD, th))
def td_add(a, b):
    return a + b, a - b, b - a


@njit((th, types.int64, types.float64))
def td_scale(a, n, x):
    return a * n, n * a, a * x, a / n, a / x, a // n


@njit((th, ts))
def td_ratio(a, b):
    return a / b


@njit((th, ts))
def td_floor_ratio(a, b):
    return a // b


@njit((th,))
def td_unary(a):
    return -a, +a, abs(a)


@njit((th, th))
def td_compare(a, b):
    return a < b, a <= b, a > b, a >= b, a == b, a != b


@njit((D,))
def is_missing(a):
    return np.isnat(a)


@njit((th,))
def td_is_missing(a):
    return np.isnat(a)


@njit((D,))
def as_int(a):
    return np.int64(a)


@njit((th,))
def td_as_int(a):
    return np.int64(a)


@njit((D, D))
def latest(a, b):
    return max(a, b), min(a, b)


@njit((tM, tD))
def months_plus_days(a, b):
    return a + b


@njit((MM, tD))
def month_plus_days(a, b):
    return a + b


@njit((MM, tM))
def month_plus_months(a, b):
    return a + b


@njit((D, types.int64))
def date_plus_int(a, n):
    return a + n


@njit((D, D))
def date_plus_date(a, b):
    return a + b


@njit((th, th))
def td_mod(a, b):
    return a % b


@njit((D,))
def as_int32(a):
    return np.int32(a)


@njit((th, th))
def td_accumulate(a, b):
    t = a
    for i in range(3):
        t += b
    return t


@njit
def lazy_span(a, b):
    return b - a


CALLS = [
    ("days_between", (np.datetime64("2024-01-01", "D"), np.datetime64("2024-03-01", "D"))),
    ("days_between", (np.datetime64("NaT", "D"), np.datetime64("2024-03-01", "D"))),
    ("mixed_units", (np.datetime64("2024-01-01", "D"), np.datetime64("2024-01-01T05", "h"))),
    ("mixed_units", (np.datetime64("2024-01-02", "D"), np.datetime64("2024-01-01T05", "h"))),
    ("mixed_units", (np.datetime64("NaT", "D"), np.datetime64("2024-01-01T05", "h"))),
    ("shift", (np.datetime64("2024-02-28", "D"), np.timedelta64(30, "h"))),
    ("shift", (np.datetime64("1969-12-31", "D"), np.timedelta64(-5, "h"))),
    ("td_add", (np.timedelta64(2, "D"), np.timedelta64(5, "h"))),
    ("td_add", (np.timedelta64("NaT", "D"), np.timedelta64(5, "h"))),
    ("td_scale", (np.timedelta64(7, "h"), 3, 1.5)),
    ("td_scale", (np.timedelta64(-7, "h"), 2, 0.0)),
    ("td_scale", (np.timedelta64(7, "h"), 0, float("nan"))),
    ("td_ratio", (np.timedelta64(3, "h"), np.timedelta64(5400, "s"))),
    ("td_ratio", (np.timedelta64(-3, "h"), np.timedelta64(7000, "s"))),
    ("td_ratio", (np.timedelta64(3, "h"), np.timedelta64(0, "s"))),
    ("td_unary", (np.timedelta64(-4, "h"),)),
    ("td_unary", (np.timedelta64("NaT", "h"),)),
    ("td_compare", (np.timedelta64(1, "h"), np.timedelta64(2, "h"))),
    ("td_compare", (np.timedelta64("NaT", "h"), np.timedelta64(2, "h"))),
    ("is_missing", (np.datetime64("NaT", "D"),)),
    ("is_missing", (np.datetime64("2020-02-29", "D"),)),
    ("td_is_missing", (np.timedelta64(3, "h"),)),
    ("as_int", (np.datetime64("2020-02-29", "D"),)),
    ("td_as_int", (np.timedelta64(-12, "h"),)),
    ("latest", (np.datetime64("2020-02-29", "D"), np.datetime64("2021-02-28", "D"))),
    ("month_plus_days", (np.datetime64("2020-02", "M"), np.timedelta64(3, "D"))),
    ("month_plus_days", (np.datetime64("1969-03", "M"), np.timedelta64(-3, "D"))),
    ("month_plus_months", (np.datetime64("2020-11", "M"), np.timedelta64(3, "M"))),
    ("td_accumulate", (np.timedelta64(1, "h"), np.timedelta64(2, "h"))),
    ("lazy_span", (np.datetime64("2024-01-01T00:00", "m"), np.datetime64("2024-01-01T10:30", "m"))),
    ("lazy_span", (np.timedelta64(5, "s"), np.timedelta64(9, "s"))),
    ("lazy_span", (np.datetime64("2024-01-01", "D"), np.datetime64("2024-01-02T10", "h"))),
]
