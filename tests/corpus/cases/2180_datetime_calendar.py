# Datetime arithmetic across calendar units: months and years brought to days or weeks by
# the calendar (before 1970 too), weeks, comparisons across units, and array operators
# whose loop result is unit-less (Numba's TypingError).
import numpy as np
from numba import njit


@njit
def diff(a, b):
    return a - b


@njit
def lt(a, b):
    return a < b, a == b


@njit
def add(a, b):
    return a + b


@njit
def arr_cmp(a, b):
    return a < b


@njit
def arr_sub_scalar(a, t):
    return a - t


CALLS = [
    ("diff", (np.datetime64("2024-03", "M"), np.datetime64("2024-01-15", "D"))),
    ("diff", (np.datetime64("1969-03", "M"), np.datetime64("1968-12-31", "D"))),
    ("diff", (np.datetime64("1900", "Y"), np.datetime64("1970-01-01T05", "h"))),
    ("diff", (np.datetime64("2000", "Y"), np.datetime64("1999-02", "M"))),
    ("diff", (np.datetime64("2024-01-04", "W"), np.datetime64("2024-01-01", "D"))),
    ("diff", (np.datetime64("1600-02", "M"), np.datetime64("2400-03-01", "D"))),
    ("lt", (np.datetime64("2024-02", "M"), np.datetime64("2024-02-01", "D"))),
    ("lt", (np.datetime64("2024", "Y"), np.datetime64("2023-12-31T23:59", "m"))),
    ("lt", (np.datetime64("1970-01-08", "W"), np.datetime64("1970-01-01", "D"))),
    ("add", (np.datetime64("2024-02", "M"), np.timedelta64(10, "D"))),
    ("add", (np.datetime64("2023", "Y"), np.timedelta64(36, "h"))),
    ("add", (np.datetime64("2023", "Y"), np.timedelta64(3, "M"))),
    ("add", (np.datetime64("2023", "Y"), np.timedelta64(2, "W"))),
    ("add", (np.datetime64("1965-11", "M"), np.timedelta64(-3, "W"))),
    ("arr_cmp", (np.array(["2024-01", "2024-03"], dtype="M8[M]"), np.array(["2024-02-01", "2024-02-01"], dtype="M8[D]"))),
    ("arr_sub_scalar", (np.array(["2024-01", "1969-03"], dtype="M8[M]"), np.datetime64("2000-01-01T00", "h"))),
    ("arr_sub_scalar", (np.array([1, 2], dtype="m8[h]"), np.timedelta64(30, "m"))),
]
