"""Keyword arguments to functions Numba types with templates that assert there are none
(`round(x, ndigits=2)`, `math.sqrt(x=x)`, `pow`, `float`, `complex`, `bool`, `divmod`, `cmath`):
AssertionError, as Numba's new-style error handling lets it through; NumPy's ufuncs are a
TypingError."""
import cmath
import math

import numpy as np
from numba import njit


@njit
def r1(x):
    return round(x, ndigits=2)


@njit
def m1(x):
    return math.sqrt(x=x)


@njit
def m2(x):
    return math.atan2(y=x, x=1.0)


@njit
def n1(x):
    return np.sqrt(x=x)


@njit
def p1(x):
    return pow(x, exp=2)


@njit
def c1(x):
    return complex(real=x, imag=1.0)


@njit
def f1(x):
    return float(x=x)


@njit
def b1(x):
    return bool(x=x)


@njit
def cm(x):
    return cmath.sqrt(z=x)


@njit
def mi(x):
    return math.isnan(x=x)


@njit
def ml(x):
    return math.log(x, base=2.0)


@njit
def dm(x):
    return divmod(x, y=2)


@njit("float64(float64)")
def round_sig(x):
    return round(x, ndigits=2)


CALLS = [("r1", (2.345,)), ("m1", (4.0,)), ("m2", (1.0,)), ("n1", (4.0,)), ("p1", (3.0,)), ("c1", (1.0,)), ("f1", (2,)), ("b1", (1,)), ("cm", (4.0,)), ("mi", (1.0,)), ("ml", (8.0,)), ("dm", (7,))]
