# Arguments Numba's dispatcher refuses to type: a NumPy masked array (NumbaTypeError, rather
# than computing with its data and ignoring the mask) and float16 scalars and arrays
# (NotImplementedError, in a function without explicit signatures); a Python int too large for
# int64 and uint64 where no specialization matches exactly (Numba's typing of it fails:
# TypingError), also inside a tuple.
import numpy as np
from numba import njit


@njit
def total(a):
    return a.sum()


@njit
def ident(x):
    return x


@njit
def add1(x):
    return x + 1


@njit
def first(t):
    return t[0]


CALLS = [
    ("total", (np.ma.array([1.0, 2.0], mask=[True, False]),)),
    ("total", (np.array([1.0, 2.0]),)),
    ("ident", (np.float16(1.0),)),
    ("ident", (np.array([1.0], dtype=np.float16),)),
    ("ident", (np.float32(1.0),)),
    ("add1", (2**63,)),
    ("add1", (2**64,)),
    ("add1", (-(2**63) - 1,)),
    ("first", ((2**64, 1.5),)),
]
