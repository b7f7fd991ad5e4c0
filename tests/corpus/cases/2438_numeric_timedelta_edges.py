import numpy as np
from numba import njit


@njit
def tdiv(a, b):
    return a / b


@njit
def fdiv(a, b):
    return a // b


@njit
def mod(a, b):
    return a % b


@njit
def mul(a, b):
    return a * b


@njit
def add(a, b):
    return a + b


@njit
def sub(a, b):
    return a - b


@njit
def cmp(a, b):
    return a == b, a < b, a != b


@njit
def neg(a):
    return -a, abs(a)


@njit
def isnat(a):
    return np.isnat(a)



CALLS = [
    ("tdiv", (np.timedelta64(7, "s"), np.timedelta64(2, "s"))), ("tdiv", (np.timedelta64(7, "s"), np.timedelta64(0, "s"))), ("tdiv", (np.timedelta64(0, "s"), np.timedelta64(0, "s"))),
    ("tdiv", (np.timedelta64(7, "s"), np.timedelta64("NaT", "s"))), ("tdiv", (np.timedelta64(1, "m"), np.timedelta64(7, "s"))), ("tdiv", (np.timedelta64(-7, "s"), np.timedelta64(2, "ms"))),
    ("tdiv", (np.timedelta64(7, "s"), 2)), ("tdiv", (np.timedelta64(7, "s"), 0)), ("tdiv", (np.timedelta64(7, "s"), 2.5)), ("tdiv", (np.timedelta64(7, "s"), 0.0)),
    ("tdiv", (np.timedelta64(7, "s"), np.nan)), ("tdiv", (np.timedelta64(-7, "s"), 2)),
    ("fdiv", (np.timedelta64(7, "s"), np.timedelta64(2, "s"))), ("fdiv", (np.timedelta64(-7, "s"), np.timedelta64(2, "s"))), ("fdiv", (np.timedelta64(7, "s"), np.timedelta64(0, "s"))),
    ("fdiv", (np.timedelta64(7, "s"), 2)), ("fdiv", (np.timedelta64(-7, "s"), 2)), ("fdiv", (np.timedelta64(7, "s"), 0)), ("fdiv", (np.timedelta64("NaT", "s"), np.timedelta64(2, "s"))),
    ("mod", (np.timedelta64(7, "s"), np.timedelta64(2, "s"))), ("mod", (np.timedelta64(-7, "s"), np.timedelta64(2, "s"))), ("mod", (np.timedelta64(7, "s"), np.timedelta64(-2, "s"))),
    ("mod", (np.timedelta64(7, "s"), np.timedelta64(0, "s"))), ("mod", (np.timedelta64(1, "m"), np.timedelta64(7, "s"))),
    ("mul", (np.timedelta64(7, "s"), 2.5)), ("mul", (np.timedelta64(7, "s"), -0.5)), ("mul", (np.timedelta64(7, "s"), np.nan)), ("mul", (3, np.timedelta64(2, "h"))),
    ("mul", (np.timedelta64(7, "s"), 1e300)), ("mul", (np.timedelta64(7, "s"), True)),
    ("add", (np.timedelta64(1, "h"), np.timedelta64(1, "s"))), ("add", (np.timedelta64(1, "h"), np.timedelta64("NaT", "s"))), ("add", (np.datetime64("2020-01-01"), np.timedelta64(1, "h"))),
    ("add", (np.datetime64("NaT"), np.timedelta64(1, "D"))), ("add", (np.datetime64("2020-01", "M"), np.timedelta64(13, "M"))),
    ("sub", (np.datetime64("2020-03-01"), np.datetime64("2020-02-01"))), ("sub", (np.datetime64("2020-03-01"), np.datetime64("2020-02-01T12", "h"))),
    ("sub", (np.datetime64("1969-12-31T23:59:59", "s"), np.datetime64("1970-01-01", "D"))),
    ("cmp", (np.timedelta64("NaT", "s"), np.timedelta64("NaT", "s"))), ("cmp", (np.timedelta64(60, "s"), np.timedelta64(1, "m"))), ("cmp", (np.timedelta64("NaT", "s"), np.timedelta64(1, "s"))),
    ("cmp", (np.datetime64("NaT"), np.datetime64("NaT"))), ("cmp", (np.datetime64("2020-01-01"), np.datetime64("2020-01-01T00:00", "m"))),
    ("neg", (np.timedelta64(-5, "s"),)), ("neg", (np.timedelta64("NaT", "s"),)), ("neg", (np.timedelta64(-9223372036854775807, "s"),)),
    ("isnat", (np.timedelta64("NaT", "s"),)), ("isnat", (np.datetime64("NaT", "D"),)), ("isnat", (np.array([np.timedelta64(1, "s"), np.timedelta64("NaT", "s")]),)),
]
