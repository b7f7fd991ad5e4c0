"""Lambdas compiled by a jit decorator call (`square = njit(lambda x: x * x)`): Numba's
dispatcher is named `<lambda>`, and the module name it is bound to calls it."""
import numpy as np
import numba as nb
from numba import njit, jit, vectorize

square = njit(lambda x: x * x)
add = njit("float64(float64, float64)")(lambda a, b: a + b)
cube = jit(nopython=True)(lambda x: x ** 3)
vdouble = vectorize(["float64(float64)", "int64(int64)"])(lambda x: x * 2)
clamp = nb.njit(
    lambda x, lo=0.0, hi=1.0: lo if x < lo else (hi if x > hi else x)
)
bad = njit("int64(unicode_type)")(lambda s: s + 1)
first = njit(["float64(float64[:])", "int64(int64[:])"])(lambda a: a[0])

if True:
    neg = njit(lambda x: -x)


@njit
def use(a):
    s = 0.0
    for v in a:
        s += square(v) + clamp(v)
    return s


@njit
def chain(x):
    return add(square(x), cube(x)) + neg(x)


CALLS = [
    ("square", (3,)),
    ("square", (2.5,)),
    ("add", (1.0, 2.0)),
    ("add", (1, 2)),
    ("cube", (2,)),
    ("vdouble", (np.arange(3.0),)),
    ("vdouble", (np.arange(3),)),
    ("clamp", (-0.5,)),
    ("clamp", (0.25,)),
    ("clamp", (3.0, 0.0, 2.0)),
    ("first", (np.array([4.5, 1.0]),)),
    ("first", (np.array([7, 1]),)),
    ("neg", (5,)),
    ("use", (np.array([-1.0, 0.5, 2.0]),)),
    ("chain", (2.0,)),
]
