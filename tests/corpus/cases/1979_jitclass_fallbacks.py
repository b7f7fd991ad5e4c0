# Operators and builtins on @jitclass instances without the dunder method, as Numba's
# jitclass overloads fall back: `!=` is `not ==`, `bool()` uses `__len__` (else True),
# `float()`/`int()` use `__index__`, a missing comparison uses the other operand's reflected
# method (Numba computes `y > x` for all of them); `a[i] = v` calls `__setitem__`.
import numpy as np
from numba import njit, float64, int64
from numba.experimental import jitclass


@jitclass([("d", float64[:])])
class Arr:
    def __init__(self, n):
        self.d = np.zeros(n)

    def __setitem__(self, i, v):
        self.d[i] = v

    def __getitem__(self, i):
        return self.d[i]

    def __eq__(self, o):
        return self.d.sum() == o.d.sum()

    def __len__(self):
        return self.d.size


@jitclass([("x", int64)])
class Plain:
    def __init__(self, x):
        self.x = x

    def __index__(self):
        return self.x


@jitclass([("v", float64)])
class Big:
    def __init__(self, v):
        self.v = v

    def __gt__(self, other):
        return self.v > other.x

    def __le__(self, other):
        return self.v <= other.x


@njit("(int64,)")
def fallbacks(n):
    a = Arr(n)
    a[1] = 2.5
    b = Arr(n)
    p = Plain(3)
    return a[1], a != b, a == b, bool(a), bool(Arr(0)), bool(p), float(p), int(p)


@njit("(int64, float64)")
def reflected(x, v):
    p = Plain(x)
    g = Big(v)
    return p < g, p >= g


@njit("(int64,)")
def no_ne_partner(n):
    p = Plain(n)
    return p != Plain(n)


CALLS = [("fallbacks", (3,)), ("reflected", (2, 5.0)), ("reflected", (7, 5.0)), ("no_ne_partner", (1,))]
