# A lazily compiled function called with argument types it does not type for: Numba compiles
# the call and raises its error (TypingError); a built module raises it too for a call of
# exactly those types, instead of converting the arguments to another specialization.
import numpy as np
from numba import njit


@njit
def popcount(x):
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit
def first_upper(s):
    return s[0].upper()


CALLS = [
    ("popcount", (255,)),
    ("popcount", (np.uint64(2 ** 64 - 1),)),
    ("popcount", (np.int32(7),)),
    ("first_upper", ("abc",)),
    ("first_upper", (3,)),
]
