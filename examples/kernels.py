"""Bundled examples for `numrs check`: typical Numba kernels, one with a deliberate error."""
import math

import numpy as np
from numba import njit


@njit("float64(float64[:])")
def mean(xs):
    total = 0.0
    for i in range(xs.shape[0]):
        total += xs[i]
    return total / xs.shape[0]


@njit(["int64(int64)", "float64(float64)"])
def clamp_square(x):
    y = x * x
    if y > 100:
        return 100
    return y


@njit("float64(float64, float64)")
def hypot(a, b):
    return math.sqrt(a * a + b * b)


@njit("(int64,)")
def describe(n):
    if n % 2 == 0:
        d = n
    else:
        d = "odd"  # numrs reports: Cannot unify Literal[str](odd) and int64
    return d
