# np.median of timedeltas: the middle item, or the middle two's sum over 2 (truncated).
import numpy as np
from numba import njit


@njit
def med(a):
    return np.median(a)


CALLS = [
    ("med", (np.array([1, 2, 4], dtype="m8[s]"),)),
    ("med", (np.array([1, 2, 3, 4], dtype="m8[s]"),)),
    ("med", (np.array([-3, -2], dtype="m8[s]"),)),
    ("med", (np.array([7], dtype="m8[h]"),)),
]
