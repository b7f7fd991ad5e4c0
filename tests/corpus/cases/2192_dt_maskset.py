# datetime64/timedelta64 (from the datetime hunt): maskset
import numpy as np
from numba import njit


@njit
def mask_fill(d, m, t):
    d[m] = t
    return d


@njit
def idx_fill(d, idx, t):
    d[idx] = t
    return d


@njit
def mask_copy(d, m, src):
    d[m] = src[m]
    return d


@njit
def slice_fill(d, t):
    d[1:] = t
    return d


CALLS = [
    ("mask_fill", (np.array(["2024-01-05", "NaT"], dtype="datetime64[D]"), np.array([False, True]), np.datetime64("1999-09-09", "D"))),
    ("mask_fill", (np.array([1, 2], dtype="timedelta64[s]"), np.array([False, True]), np.timedelta64(7, "s"))),
    ("idx_fill", (np.array(["2024-01-05", "NaT"], dtype="datetime64[D]"), np.array([1]), np.datetime64("1999-09-09", "D"))),
    ("mask_copy", (np.array(["2024-01-05", "NaT"], dtype="datetime64[D]"), np.array([False, True]), np.array(["2000-01-05", "2000-01-06"], dtype="datetime64[D]"))),
    ("slice_fill", (np.array(["2024-01-05", "NaT", "NaT"], dtype="datetime64[D]"), np.datetime64("1999-09-09", "D"))),
    ("slice_fill", (np.array(["2024-01-05", "NaT", "NaT"], dtype="datetime64[D]"), np.datetime64("1999-09-09T05", "h"))),
]
