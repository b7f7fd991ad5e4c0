# A function with an explicit signature that covers all its parameters, some of which have
# defaults, called with the defaulted arguments omitted (from jit code and from Python).
# Numba's jit-code call resolves against the compiled signature only and rejects the call
# (an omitted argument has type omitted(default=...), which does not match float64).
import numpy as np
from numba import njit


@njit("float64(float64, float64)")
def scaled(x, k=2.0):
    return x * k


@njit("float64(float64)")
def caller_omits(x):
    return scaled(x)


@njit("float64(float64)")
def caller_keyword(x):
    return scaled(x, k=3.0)


CALLS = [
    ("scaled", (1.5,)),
    ("scaled", (1.5, 4.0)),
    ("caller_omits", (1.5,)),
    ("caller_keyword", (1.5,)),
]
