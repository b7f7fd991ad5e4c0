"""`hasattr`/`getattr` of `__hash__`, and `getattr` of a missing attribute (AttributeError
when the call runs)."""
import numpy as np
from numba import njit


@njit
def has_hash(x):
    return hasattr(x, "__hash__")


@njit
def call_hash(x):
    return getattr(x, "__hash__")()


@njit
def method_hash(x):
    return x.__hash__()


@njit
def array_hash_is_none(a):
    return getattr(a, "__hash__") is None


@njit
def missing(x):
    return getattr(x, "__not_an_attribute__")


@njit
def missing_after(x, flag):
    if flag:
        return getattr(x, "nope")
    return x


CALLS = [
    ("has_hash", (np.ones(4),)),
    ("has_hash", ("ABC",)),
    ("has_hash", (1,)),
    ("has_hash", (2.5,)),
    ("has_hash", ((1, 2),)),
    ("has_hash", (1j,)),
    ("call_hash", (2.34,)),
    ("call_hash", (5,)),
    ("call_hash", ((1, 2.5),)),
    ("call_hash", ("abc",)),
    ("method_hash", (-1,)),
    ("method_hash", (1.5 + 2j,)),
    ("array_hash_is_none", (np.zeros(3),)),
    ("missing", (1.23,)),
    ("missing", (np.arange(3),)),
    ("missing_after", (3, False)),
    ("missing_after", (3, True)),
]
