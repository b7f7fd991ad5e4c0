# datetime64/timedelta64 (from the datetime hunt): search2
import numpy as np
from numba import njit


@njit
def search(edges, t):
    return np.searchsorted(edges, t)


@njit
def search_r(edges, t):
    return np.searchsorted(edges, t, side="right")


CALLS = [
    ("search", (np.array([1, 5], dtype="timedelta64[s]"), np.timedelta64(3, "s"))),
    ("search_r", (np.array(["2024-01-01", "2024-01-03"], dtype="datetime64[D]"), np.datetime64("2024-01-03", "D"))),
    ("search", (np.array(["2024-01-01T00", "2024-01-03T00"], dtype="datetime64[h]"), np.datetime64("2024-01-02", "D"))),
]
