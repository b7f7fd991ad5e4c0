# np.percentile and np.nanmedian of timedeltas: Numba has no such implementations
# (TypingError), while np.median of them works.
import numpy as np
from numba import njit


@njit
def pc(a):
    return np.percentile(a, 50)


@njit
def nm(a):
    return np.nanmedian(a)


@njit
def md(a):
    return np.median(a)


CALLS = [
    ("pc", (np.array([1, 2, 4], dtype="m8[s]"),)),
    ("nm", (np.array([1, 2, 4], dtype="m8[s]"),)),
    ("md", (np.array([1, 2, 4], dtype="m8[s]"),)),
    ("pc", (np.array([1.0, 2.0, 4.0]),)),
    ("nm", (np.array([1.0, np.nan, 4.0]),)),
]
