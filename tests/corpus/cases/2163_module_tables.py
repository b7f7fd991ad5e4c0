# Module-level tables built in several statements: slice assignment, a for loop over range
# filling items, an in-place division and sort, math/np float constants in displays and
# np.full, augmented assignment and rebinding of numbers. Numba freezes the final values.
import math
import numpy as np
from numba import njit

LUT = np.zeros(8)
LUT[2:5] = 1.0

TABLE = np.arange(4.0)
for _k in range(4):
    TABLE[_k] = _k * _k

W = np.ones(3)
W /= W.sum()

ORDER = np.array([3, 1, 2])
ORDER.sort()

PI_ARR = np.array([math.pi, np.pi, math.e])
PI_FULL = np.full(3, np.pi)

COUNT = 1
COUNT += 4
X = 1
X = X * 3
SCALE = 2.0
SCALE *= 1.5


@njit
def lut_sum():
    return LUT.sum(), LUT[3]


@njit
def table_at(i):
    return TABLE[i]


@njit
def weights():
    return W


@njit
def order():
    return ORDER


@njit
def pis():
    return PI_ARR[0] + PI_FULL[2], PI_ARR[2]


@njit
def numbers():
    return COUNT, X, SCALE


CALLS = [
    ("lut_sum", ()),
    ("table_at", (3,)),
    ("weights", ()),
    ("order", ()),
    ("pis", ()),
    ("numbers", ()),
]
