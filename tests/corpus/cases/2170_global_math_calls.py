# Module-level constants computed with math functions and tuple(range(n)) (Numba freezes
# their values): math.sqrt/exp/log/log10/atan2/hypot/radians/floor, NumPy's exact sqrt, and
# arrays of such constants, as Gauss-Legendre nodes and lookup tables are written.
import math
import numpy as np
from numba import njit

SQRT2 = math.sqrt(2.0)
E2 = math.exp(2)
LOG10_3 = math.log10(3.0)
LN_BASE = math.log(8, 2)
ANGLE = math.atan2(1.0, 2.0)
HYP = math.hypot(3, 4)
RAD = math.radians(30)
FLOOR = math.floor(2.7)
ROOT3 = np.sqrt(3.0)
GL3 = np.array([-math.sqrt(0.6), 0.0, math.sqrt(0.6)])
W3 = np.array([5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0])
IDX = tuple(range(4))
ODD = tuple(range(1, 10, 2))


@njit("float64(float64)")
def use_sqrt2(x):
    return x * SQRT2 + E2 + LOG10_3 + LN_BASE


@njit("float64()")
def angles():
    return math.sin(ANGLE) + HYP + RAD + FLOOR + ROOT3


@njit("float64()")
def gauss3():
    s = 0.0
    for i in range(3):
        s += W3[i] * GL3[i] ** 2
    return s


@njit("int64()")
def use_idx():
    s = 0
    for i in IDX:
        s += i
    for j in ODD:
        s += 10 * j
    return s


@njit
def lazy(x):
    return x * SQRT2 - GL3[0] + len(ODD)


CALLS = [
    ("use_sqrt2", (2.0,)),
    ("angles", ()),
    ("gauss3", ()),
    ("use_idx", ()),
    ("lazy", (1.5,)),
]
