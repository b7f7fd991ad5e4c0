# argmin/argmax along an axis of length 0 of an array of two or more dimensions: Numba's
# implementation takes `size % m` first, a ZeroDivisionError; an empty other axis gives an
# empty result.
import numpy as np
from numba import njit


@njit
def argmin0(a):
    return np.argmin(a, axis=0)


@njit
def argmax1(a):
    return a.argmax(axis=1)


CALLS = [
    ("argmin0", (np.zeros((0, 3)),)),
    ("argmin0", (np.zeros((3, 0)),)),
    ("argmin0", (np.zeros((0, 0), dtype=np.int64),)),
    ("argmax1", (np.zeros((3, 0)),)),
    ("argmax1", (np.array([[1.0, 5.0], [7.0, 2.0]]),)),
]
