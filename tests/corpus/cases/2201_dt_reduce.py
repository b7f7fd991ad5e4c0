# datetime64/timedelta64 (from the datetime hunt): reduce
import numpy as np
from numba import njit


@njit
def cs(td):
    return np.cumsum(td)


@njit
def df(td):
    return np.diff(td)


@njit
def mean(td):
    return td.mean(), np.mean(td)


@njit
def npsum(td):
    return np.sum(td)


@njit
def med(td):
    return np.median(td)


CALLS = [
    ("cs", (np.array([1, 2, "NaT", 3], dtype="timedelta64[s]"),)),
    ("df", (np.array([1, 5, 2], dtype="timedelta64[s]"),)),
    ("mean", (np.array([1, 2, 4], dtype="timedelta64[s]"),)),
    ("mean", (np.array([-1, -2, -4], dtype="timedelta64[s]"),)),
    ("npsum", (np.array([1, 2, 4], dtype="timedelta64[s]"),)),
    ("med", (np.array([1, 2, 4], dtype="timedelta64[s]"),)),
]
