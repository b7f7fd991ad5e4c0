# getattr/hasattr with constant names: Numba resolves the attribute on the type (methods
# included); getattr's default when it does not resolve; hasattr a literal boolean.
import numpy as np
from numba import njit


@njit("(float64[:],)")
def attributes(a):
    return getattr(a, "shape"), getattr(a, "size")


@njit("(float64[:],)")
def with_default(a):
    return getattr(a, "foo", 0), getattr(a, "size", -1)


@njit("(float64[:],)")
def method(a):
    return getattr(a, "sum")()


@njit("(float64[:], float64)")
def has(a, x):
    return hasattr(a, "shape"), hasattr(a, "foo"), hasattr(x, "real")


CALLS = [
    ("attributes", (np.arange(3.0),)),
    ("with_default", (np.arange(3.0),)),
    ("method", (np.arange(3.0),)),
    ("has", (np.arange(3.0), 1.5)),
]
