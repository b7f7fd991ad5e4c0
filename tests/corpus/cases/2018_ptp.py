# np.ptp of real arrays: ValueError when empty, NaN when an item is NaN, else max - min in the
# array's type (integers wrap).
import numpy as np
from numba import njit


@njit("float64(float64[:])")
def p1(a):
    return np.ptp(a)


@njit("int64(int64[:, :])")
def p2(a):
    return np.ptp(a)


@njit("float32(float32[:])")
def p3(a):
    return np.ptp(a)


@njit("uint8(uint8[:])")
def p4(a):
    return np.ptp(a)


CALLS = [
    ("p1", (np.array([3.0, -1.5, 7.25]),)),
    ("p1", (np.array([3.0, np.nan, 7.25]),)),
    ("p1", (np.zeros(0),)),
    ("p1", (np.array([2.0]),)),
    ("p2", (np.arange(12).reshape(3, 4)[:, ::2],)),
    ("p2", (np.array([[-2**63, 2**63 - 1]]),)),
    ("p3", (np.array([1.5, -2.25], np.float32),)),
    ("p4", (np.array([200, 3, 17], np.uint8),)),
]
