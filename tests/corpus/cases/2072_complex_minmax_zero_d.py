# Found by building corpus cases for random argument types: max/min of complex numbers (Numba:
# NotImplementedError when lowering; TypingError over an iterable), iterating a 0-d array and
# argmax with an axis of a 0-d array (TypingError); numrs build panicked on each.
import numpy as np
from numba import njit

@njit
def mx(a, b):
    return max(a, b), min(a, b)

@njit
def mx_seq(a):
    return max(a)

@njit
def it0(a):
    out = 0.0
    for x in a:
        out += x
    return out

@njit
def am(a):
    return a.argmax(axis=0)

@njit("(complex128, complex128)")
def e_mx(a, b):
    return max(a, b)

CALLS = [
    ("mx", (1, 2 + 1j)),
    ("mx", (1.5, 2.0)),
    ("mx_seq", (np.array([1j, 2j]),)),
    ("mx_seq", ((1j, 2 + 0j),)),
    ("it0", (np.array(2.0),)),
    ("it0", (np.arange(3.0),)),
    ("am", (np.array(2.0),)),
    ("am", (np.arange(4.0),)),
]
