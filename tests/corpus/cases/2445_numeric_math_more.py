import math
import numpy as np
from numba import njit


@njit
def isqrt(n):
    return math.isqrt(n)


@njit
def comb(n, k):
    return math.comb(n, k)


@njit
def remainder(a, b):
    return math.remainder(a, b)


@njit
def nextafter(a, b):
    return math.nextafter(a, b)


@njit
def ulp(x):
    return math.ulp(x)


@njit
def cbrt(x):
    return math.cbrt(x)


@njit
def expm1(x):
    return math.expm1(x), math.log1p(x)


@njit
def atan2(a, b):
    return math.atan2(a, b)


@njit
def degrees(x):
    return math.degrees(x), math.radians(x)


@njit
def gamma(x):
    return math.gamma(x)


@njit
def lgamma(x):
    return math.lgamma(x)


@njit
def isfin(x):
    return math.isfinite(x), math.isinf(x), math.isnan(x)


@njit
def tanh(x):
    return math.tanh(x), math.sinh(x), math.cosh(x)


@njit
def acosh(x):
    return math.acosh(x), math.asinh(x)


CALLS = [
    ("isqrt", (17,)), ("comb", (5, 2)), ("remainder", (5.0, 3.0)), ("nextafter", (1.0, 2.0)), ("ulp", (1.0,)),
    ("cbrt", (8.0,)),
    ("expm1", (1e-10,)), ("expm1", (-1.0,)), ("expm1", (710.0,)), ("expm1", (-2.0,)),
    ("atan2", (0.0, -0.0)), ("atan2", (-0.0, -1.0)), ("atan2", (float("inf"), float("inf"))), ("atan2", (float("nan"), 1.0)),
    ("atan2", (1, 2)), ("atan2", (np.float32(1.0), np.float32(3.0))),
    ("degrees", (float("inf"),)), ("degrees", (1,)),
    ("gamma", (0.0,)), ("gamma", (-0.0,)), ("gamma", (-1.0,)), ("gamma", (171.7,)), ("gamma", (0.5,)), ("gamma", (float("-inf"),)),
    ("gamma", (-1.5,)), ("gamma", (1e-320,)), ("gamma", (5,)),
    ("lgamma", (0.0,)), ("lgamma", (-1.0,)), ("lgamma", (-2.5,)), ("lgamma", (1e308,)), ("lgamma", (float("-inf"),)),
    ("isfin", (5,)), ("isfin", (float("nan"),)), ("isfin", (np.float32(float("inf")),)), ("isfin", (True,)),
    ("tanh", (800.0,)), ("tanh", (-0.0,)), ("tanh", (float("nan"),)),
    ("acosh", (0.5,)), ("acosh", (1.0,)), ("acosh", (float("inf"),)), ("acosh", (-0.0,)),
]
