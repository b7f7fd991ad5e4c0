# datetime64/timedelta64 (from the datetime hunt): uniq
import numpy as np
from numba import njit


@njit
def uniq(d):
    return np.unique(d)


@njit
def srt(d):
    return np.sort(d)


CALLS = [
    ("uniq", (np.array([5, "NaT", "NaT"], dtype="timedelta64[s]"),)),
    ("srt", (np.array([5, "NaT", "NaT"], dtype="timedelta64[s]"),)),
    ("uniq", (np.array(["NaT", "NaT"], dtype="datetime64[D]"),)),
    ("uniq", (np.array([1.0, np.nan, np.nan]),)),
]
