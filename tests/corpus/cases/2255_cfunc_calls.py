# @cfunc functions: called from Python they run their Python function (Numba's
# CFunc.__call__); called from jit code they are first-class functions of their signature
# (arguments converted at most safely, else ValueError), and an exception they raise is
# dropped by their C wrapper (the call gives 0).
import numpy as np
from numba import cfunc, njit


@cfunc("float64(float64, float64)")
def cadd(x, y):
    return x + y


@cfunc("float64(float64)")
def cinv(x):
    return 1.0 / x


@cfunc("uint8(uint8, uint8)")
def cu8(x, y):
    return x + y


@cfunc("int64(int64, int64)")
def cmod(x, y):
    return x % y


@cfunc("int32(int32)")
def cneg(x):
    return -x


@cfunc("int64(int64)")
def craise(x):
    if x < 0:
        raise ValueError("neg")
    return x * 2


@njit
def use_mod(x, y):
    return cmod(x, y)


@njit
def use_neg(x):
    return cneg(x)


@njit
def use_neg32(x):
    return cneg(x[0])


@njit
def use_raise(x):
    return craise(x) + 1


@njit
def use_add(x):
    return cadd(x, 1)


CALLS = [
    ("cadd", (1, 2)),
    ("cadd", (1.5, 2)),
    ("cinv", (0.0,)),
    ("cinv", (4.0,)),
    ("cu8", (200, 100)),
    ("use_mod", (7, 0)),
    ("use_mod", (-7, 3)),
    ("use_neg", (7,)),
    ("use_neg32", (np.array([5], dtype=np.int32),)),
    ("use_raise", (-1,)),
    ("use_raise", (4,)),
    ("use_add", (2,)),
    ("use_add", (2.5,)),
]
