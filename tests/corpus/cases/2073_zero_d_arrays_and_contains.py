# Found by building cases for random argument types: 0-d arrays given to astype (works in
# Numba), np.split/np.array_split (Numba's IndexError when compiling), zip/enumerate/sorted
# (TypingError: iteration over a 0-d array); `x in s` of a string s and a non-string x
# (TypingError). numrs build panicked or failed internally on several.
import numpy as np
from numba import njit


@njit
def astype_all(a):
    return a.astype(np.float32), a.astype(np.int8), a.astype(np.uint16)


@njit
def split_it(a):
    return np.split(a, 3)


@njit
def array_split_it(a):
    return np.array_split(a, 4)


@njit
def zipped(a, b):
    out = 0.0
    for x, y in zip(a, b):
        out += x
    return out


@njit
def enumerated(a):
    out = 0.0
    for i, x in enumerate(a):
        out += x
    return out


@njit
def sorted_of(a):
    return sorted(a)


@njit
def contains(s, v):
    return v in s


CALLS = [
    ("astype_all", (np.array(2.5),)),
    ("astype_all", (np.arange(3.0),)),
    ("split_it", (np.array(2.0),)),
    ("split_it", (np.arange(6.0),)),
    ("array_split_it", (np.array(2.0),)),
    ("zipped", (np.array(2.0), np.arange(3.0))),
    ("zipped", (np.arange(2.0), np.arange(3.0))),
    ("enumerated", (np.array(2.0),)),
    ("sorted_of", (np.array(2.0),)),
    ("sorted_of", (np.array([3.0, 1.0]),)),
    ("contains", ("abc", np.array([True]))),
    ("contains", ("abc", None)),
    ("contains", ("abc", "b")),
]
