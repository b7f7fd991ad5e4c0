"""Records indexed by a negative constant position (Numba's `list(record.fields)[i]`): counted from
the end; below `-len` it is Python's IndexError."""
import numpy as np
from numba import njit


@njit
def last_field(arr):
    r = arr[0]
    return r[-1]


@njit
def neg_first(arr):
    return arr[0][-2]



@njit
def too_far(arr):
    return arr[0][-3]

@njit
def set_neg(arr):
    arr[0][-1] = 9
    return arr[0][1]

CALLS = [
    ("last_field", (np.array([(1.0, 3)], dtype=[('a', 'f8'), ('e', 'u1')]),)),
    ("neg_first", (np.array([(1.0, 3)], dtype=[('a', 'f8'), ('e', 'u1')]),)),
    ("too_far", (np.array([(1.0, 3)], dtype=[("a", "f8"), ("e", "u1")]),)),
    ("set_neg", (np.array([(1.0, 3)], dtype=[("a", "f8"), ("e", "u1")]),)),
]
