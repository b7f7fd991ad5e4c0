"""np.arange with an unsigned integer bound: Numba's _arange_dtype does max() over
[uint8, int64] Integer types of different signedness, which raises a plain TypeError
(not TypingError) out of the compiler."""
import numpy as np
from numba import njit


@njit
def ar1(a):
    return np.arange(a)


@njit("float64(uint32)")
def ar_eager(n):
    return np.arange(n).sum() * 1.0


CALLS = [
    ("ar1", (np.uint8(3),)),
    ("ar1", (np.uint64(3),)),
    ("ar1", (np.int8(3),)),
]
