# A @vectorize function's ufunc attributes read in jit code (nin, nout, nargs, identity,
# signature: literals or None), a @vectorize function applied to 0-d arrays in jit code (a
# scalar), and @register_jitable functions called from Python (the plain Python function).
import numpy as np
from numba import njit, vectorize
from numba.extending import register_jitable


@vectorize(["float64(float64, float64)", "int64(int64, int64)"])
def f2(x, y):
    return x - y


@vectorize(["float64(float64, float64)"], identity=0)
def g2(x, y):
    return x + y


@vectorize(["float64(float64, float64)"], identity="reorderable")
def m2(x, y):
    return max(x, y)


@vectorize
def lazy1(x):
    return x * 2


@vectorize(["float64(float64)"])
def vhalf(x):
    return x / 2


@register_jitable
def clamp(x, lo, hi):
    return min(max(x, lo), hi)


@njit
def attrs():
    return f2.nin, f2.nout, f2.nargs, f2.identity, g2.identity, m2.identity, f2.signature


@njit
def lazy_attrs():
    return lazy1.nin, lazy1.nargs, lazy1.identity


@njit
def zero_d(a):
    return vhalf(a)


@njit
def zero_d_binary(a, b):
    return f2(a, b), g2(a, 1.5)


@njit
def use_clamp(x):
    return clamp(x, 0, 10)


CALLS = [
    ("attrs", ()),
    ("lazy_attrs", ()),
    ("zero_d", (np.array(3.0),)),
    ("zero_d", (np.array(7),)),
    ("zero_d_binary", (np.array(3.0), np.array(1.0))),
    ("use_clamp", (15,)),
    ("clamp", (5, 0, 3)),
    ("clamp", ("b", "a", "c")),
    ("clamp", (2.5, 0, 3)),
]
