# np.array of lists of dates built by comprehensions and appends (from the datetime hunt).
import numpy as np
from numba import njit


@njit
def from_comp(d):
    xs = [x for x in d]
    return np.array(xs)


@njit
def from_append(d):
    xs = []
    for x in d:
        xs.append(x)
    return np.array(xs)


CALLS = [
    ("from_comp", (np.array(["2024-01-03", "2024-01-01"], dtype="datetime64[D]"),)),
    ("from_append", (np.array([1, 2], dtype="timedelta64[h]"),)),
]
