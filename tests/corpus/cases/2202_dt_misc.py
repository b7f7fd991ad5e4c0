# datetime64/timedelta64 (from the datetime hunt): misc
import numpy as np
from numba import njit


@njit
def from_list(d):
    xs = [d[0], d[1]]
    return np.array(xs)


@njit
def isnan_s(td):
    return np.isnan(td)


@njit
def isnan_a(td):
    return np.isnan(td)


@njit
def sign_s(td):
    return np.sign(td)


CALLS = [
    ("from_list", (np.array(["2024-01-03", "2024-01-01"], dtype="datetime64[D]"),)),
    ("from_list", (np.array([1, 2], dtype="timedelta64[h]"),)),
    ("isnan_s", (np.timedelta64("NaT", "m"),)),
    ("isnan_s", (np.datetime64("NaT", "D"),)),
    ("isnan_a", (np.array([1, "NaT"], dtype="timedelta64[h]"),)),
    ("sign_s", (np.timedelta64(-3, "m"),)),
]
