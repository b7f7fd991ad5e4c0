"""Defaults that are NumPy scalars made with NumPy 2's alias classes (np.intp, np.double, ...)
or module-level names bound to NumPy scalars; an Ellipsis index whose result is one item."""
import numpy as np
from numba import njit

GF = np.float64(0.25)
MV = np.intp(-1)


@njit
def eq_inline(x, mv=np.intp(-1)):
    return x == mv


@njit
def add_double(x, c=np.double(1.5), d=np.single(0.5)):
    return x + c + d


@njit
def add_global(x, c=GF):
    return x + c


@njit
def is_missing(x, mv=MV):
    return x == mv


@njit
def unsigned(x=np.uintp(7), y=np.int_(3)):
    return x + y


@njit
def caller(x):
    return eq_inline(x), add_global(x), is_missing(x), add_double(x), unsigned()


@njit
def lerp(y, theta):
    return (1 - theta) * y[..., 0] + theta * y[..., 1]


@njit
def front(y):
    return y[0, ...]


@njit
def middle(a):
    return a[1, ..., -1]


CALLS = [
    ("eq_inline", (-1,)),
    ("eq_inline", (3,)),
    ("add_double", (1.0,)),
    ("add_global", (1.0,)),
    ("is_missing", (-1,)),
    ("unsigned", ()),
    ("caller", (-1,)),
    ("lerp", (np.array([1.0, 3.0]), 0.25)),
    ("lerp", (np.array([[1.0, 3.0], [2.0, 4.0]]), 0.5)),
    ("front", (np.array([1.0, 3.0]),)),
    ("middle", (np.arange(6.0).reshape(2, 3),)),
]
