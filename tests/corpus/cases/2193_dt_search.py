# datetime64/timedelta64 (from the datetime hunt): search
import numpy as np
from numba import njit


@njit
def search(edges, t):
    return np.searchsorted(edges, t)


CALLS = [
    ("search", (np.array(["2024-01-01", "2024-01-03"], dtype="datetime64[D]"), np.datetime64("2024-01-02", "D"))),
]
