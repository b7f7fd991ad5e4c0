"""Module-level values of real code that Numba freezes: sys.maxsize (and in jit code),
finfo through from-imports, a module list by name in np.array, NumPy scalars and arrays
among np.array's items, np.zeros(shape=...), an enum member bound to a name, as_numba_type
in signatures, rows of a 2-d array iterated (layout A)."""
import sys
from enum import IntEnum

import numpy as np
from numpy import finfo, float64 as f8
from numba import jit, njit
from numba.extending import as_numba_type

INVALID_MAX = sys.maxsize
INVALID_MIN = -sys.maxsize
EPS_ALIAS = finfo(f8).eps
COSS = np.array([np.cos(x) for x in range(3)])
LST = [1.5, 2.5, 3.5]
FROM_LIST = np.array(LST)
PLAIN = np.array([np.array([[1.0, 2.0]]), np.array([[3.0, 4.0]])])
G_SHAPE_KW = np.zeros(shape=(3,), dtype=np.float64)
PyInt = as_numba_type(int)
PyFloat = as_numba_type(float)
PyBool = as_numba_type(bool)


class Kind(IntEnum):
    A = 1
    B = 2


KB = Kind.B


@njit
def use_maxsize():
    return INVALID_MAX, INVALID_MIN


@njit("int64(int64)")
def clamp(x):
    if x > INVALID_MAX - 1:
        return INVALID_MAX
    return x


@njit
def sys_direct(x):
    return min(x, sys.maxsize)


@njit
def use_eps_alias():
    return EPS_ALIAS


@njit
def use_coss():
    return COSS


@njit
def use_from_list():
    return FROM_LIST.sum()


@njit
def use_plain():
    return PLAIN


@njit
def use_shape_kw():
    return G_SHAPE_KW


@njit
def use_enum_alias():
    return KB + Kind.A


@njit
def zero_default(x, m=np.zeros(shape=(0), dtype=np.bool_)):
    return x + m.size


@jit(PyFloat(PyFloat[:], PyInt), nopython=True)
def head_sum(a, n):
    s = 0.0
    for i in range(n):
        s += a[i]
    return s


@jit(PyBool(PyFloat, PyInt), nopython=True)
def flag(x, n):
    return x > n


@njit("float64(float64[:, ::1])")
def rows(a):
    s = 0.0
    for row in a:
        s += row[0]
    return s


@njit("float64(float64[:, ::1], float64[:, ::1])")
def zip_rows(a, b):
    s = 0.0
    for r1, r2 in zip(a, b):
        s += r1[0] + r2[0]
    return s


@njit("float64(float64[:, ::1])")
def enum_rows(a):
    s = 0.0
    for i, row in enumerate(a):
        s += row[0] * i
    return s


CALLS = [
    ("use_maxsize", ()),
    ("clamp", (5,)),
    ("sys_direct", (7,)),
    ("use_eps_alias", ()),
    ("use_coss", ()),
    ("use_from_list", ()),
    ("use_plain", ()),
    ("use_shape_kw", ()),
    ("use_enum_alias", ()),
    ("zero_default", (3,)),
    ("head_sum", (np.array([1.0, 2.0, 3.0]), 2)),
    ("flag", (2.5, 2)),
    ("rows", (np.arange(6.0).reshape(3, 2),)),
    ("zip_rows", (np.arange(6.0).reshape(3, 2), np.ones((3, 2)))),
    ("enum_rows", (np.arange(6.0).reshape(3, 2),)),
]
