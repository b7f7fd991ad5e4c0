"""Builtin corners from Numba's own tests: `operator.truth` of a boolean (other types are a
TypingError), `str(object=x)` and `str()`, `==`/`!=` between an optional value and None, and
`np.average` with an axis (Numba's TypeError)."""
import operator

import numpy as np
from numba import njit


@njit
def truth(p):
    return operator.truth(p)


@njit
def strs(x):
    return str(object=x), repr(x), str()


@njit
def optional_vs_none(x):
    a = None
    if x:
        a = 0
    return a == None, a != None  # noqa: E711


@njit
def average(a, axis):
    return np.average(a, axis=axis)


CALLS = [
    ("truth", (True,)),
    ("truth", (0.0,)),
    ("strs", ("abc",)),
    ("strs", (123,)),
    ("optional_vs_none", (True,)),
    ("optional_vs_none", (False,)),
    ("average", (np.arange(6.0).reshape(3, 2), 1)),
    ("average", (np.arange(6.0).reshape(3, 2), None)),
]
