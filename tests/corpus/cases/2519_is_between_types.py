"""`is` of values of different types is False (Numba's `generic_is`, of the types with literals
dropped): `1 is True`, an int against a float; of one type it is `==`."""
import numpy as np
from numba import njit


@njit
def is_true(pred):
    return pred is True


@njit
def guarded(pred, stack):
    if pred is True:
        stack[0] = 1
    return stack


@njit
def pairs(a, b):
    return a is b, a is not b, a is 1, a is 1.0


CALLS = [
    ("is_true", (1,)),
    ("is_true", (True,)),
    ("is_true", (1.0,)),
    ("guarded", (1, np.array([0, 666]))),
    ("guarded", (True, np.array([0, 666]))),
    ("pairs", (1, 1)),
    ("pairs", (1, 1.0)),
    ("pairs", (2.0, 2.0)),
    ("pairs", (True, 1)),
]
