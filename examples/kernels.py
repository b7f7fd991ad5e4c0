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


# A @jitclass: used in compiled code, and from Python on the built module.
from numba import float64, int64  # noqa: E402
from numba.experimental import jitclass  # noqa: E402


@jitclass([("total", float64), ("count", int64)])
class Running:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def add(self, x):
        self.total += x
        self.count += 1
        return self

    @property
    def mean(self):
        return self.total / self.count if self.count else 0.0


@njit("(float64[:],)")
def running(xs):
    r = Running()
    for x in xs:
        r.add(x)
    return r
