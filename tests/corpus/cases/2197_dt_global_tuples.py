# Module-level tuples of datetime64/timedelta64 constants (from the datetime hunt).
import numpy as np
from numba import njit

HOLIDAYS = (np.datetime64("2024-12-25", "D"), np.datetime64("2025-01-01", "D"))
PAIR = (np.datetime64("2024-12-25", "D"), np.timedelta64(3, "h"))


@njit
def first_holiday():
    return HOLIDAYS[0]


@njit
def loop_holiday(d):
    for h in HOLIDAYS:
        if d == h:
            return True
    return False


@njit
def pair():
    return PAIR[0] + PAIR[1]


@njit
def whole():
    return HOLIDAYS


CALLS = [
    ("first_holiday", ()),
    ("loop_holiday", (np.datetime64("2025-01-01", "D"),)),
    ("pair", ()),
    ("whole", ()),
]
