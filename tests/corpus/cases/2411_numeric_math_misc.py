import math
import numpy as np
from numba import njit


@njit
def isclose(a, b):
    return math.isclose(a, b)


@njit
def isclose_tol(a, b, r, t):
    return math.isclose(a, b, rel_tol=r, abs_tol=t)


@njit
def gcd(a, b):
    return math.gcd(a, b)


@njit
def fact(n):
    return math.factorial(n)


@njit
def ldexp(x, i):
    return math.ldexp(x, i)


@njit
def frexp(x):
    return math.frexp(x)


@njit
def hypot(a, b):
    return math.hypot(a, b)


@njit
def log(x):
    return math.log(x)


@njit
def log2(x, b):
    return math.log(x, b)


@njit
def sqrt(x):
    return math.sqrt(x)


@njit
def misc(x):
    return math.log10(x), math.log2(x), math.log1p(x), math.exp(x), math.expm1(x)


@njit
def trig(x):
    return math.asin(x), math.acos(x), math.atanh(x)


@njit
def pw(x, y):
    return math.pow(x, y)


@njit
def erf(x):
    return math.erf(x), math.erfc(x), math.gamma(x), math.lgamma(x)


CALLS = [
    ("isclose", (1.0, 1.0 + 1e-10)), ("isclose", (1.0, 1.0 + 1e-8)), ("isclose", (0.0, 1e-300)),
    ("isclose", (float("inf"), float("inf"))), ("isclose", (float("inf"), float("-inf"))),
    ("isclose", (float("nan"), float("nan"))), ("isclose", (1, 1)),
    ("isclose_tol", (0.0, 1e-10, 1e-9, 1e-9)), ("isclose_tol", (1.0, 1.1, 0.1, 0.0)),
    ("isclose_tol", (1.0, 2.0, -1.0, 0.0)),
    ("gcd", (12, 18)), ("gcd", (-12, 18)), ("gcd", (0, 0)), ("gcd", (0, -5)),
    ("gcd", (-9223372036854775808, 6)), ("gcd", (-9223372036854775808, 0)),
    ("gcd", (np.uint8(12), np.uint8(18))), ("gcd", (np.int8(-12), np.int8(-18))),
    ("fact", (0,)), ("fact", (20,)), ("fact", (21,)), ("fact", (-1,)),
    ("ldexp", (1.0, 1024)), ("ldexp", (1.0, -1074)), ("ldexp", (1.0, -1075)),
    ("ldexp", (0.75, 1025)), ("ldexp", (-0.0, 5)), ("ldexp", (float("nan"), 1)),
    ("ldexp", (1.0, 100000)), ("ldexp", (1.0, -100000)),
    ("frexp", (0.0,)), ("frexp", (-0.0,)), ("frexp", (1.0,)), ("frexp", (5e-324,)),
    ("frexp", (float("inf"),)), ("frexp", (float("nan"),)), ("frexp", (-3.5,)),
    ("hypot", (3.0, 4.0)), ("hypot", (float("inf"), float("nan"))), ("hypot", (float("nan"), float("inf"))),
    ("hypot", (1e308, 1e308)), ("hypot", (-0.0, -0.0)), ("hypot", (3, 4)),
    ("log", (0.0,)), ("log", (-1.0,)), ("log", (float("inf"),)), ("log", (0,)), ("log", (-1,)),
    ("log", (float("nan"),)), ("log", (5e-324,)),
    ("log2", (8.0, 2.0)), ("log2", (8.0, 1.0)), ("log2", (0.0, 2.0)), ("log2", (8.0, 0.0)),
    ("sqrt", (-1.0,)), ("sqrt", (-0.0,)), ("sqrt", (float("-inf"),)), ("sqrt", (-1,)),
    ("sqrt", (float("nan"),)),
    ("misc", (0.0,)), ("misc", (-1.0,)), ("misc", (-2.0,)), ("misc", (1000.0,)), ("misc", (-0.0,)),
    ("trig", (2.0,)), ("trig", (1.0,)), ("trig", (-1.0,)),
    ("pw", (0.0, -1.0)), ("pw", (-1.0, 0.5)), ("pw", (10.0, 400.0)), ("pw", (-8.0, 1.0 / 3)),
    ("pw", (float("nan"), 0.0)), ("pw", (1.0, float("nan"))), ("pw", (-0.0, -3.0)),
    ("erf", (0.0,)), ("erf", (-1.0,)), ("erf", (200.0,)), ("erf", (-0.0,)), ("erf", (float("inf"),)),
    ("erf", (-float("inf"),)),
]
