# Operators between arrays of small integers apply Numba's scalar operators in the
# array-expression kernel: the intermediate values are promoted (uint8 + uint8 does not wrap
# before `/ 2` or a comparison), and only the stored result takes the array's dtype (a plain
# uint8 + uint8 wraps there).
import numpy as np
from numba import njit


@njit
def average(a, b):
    return (a + b) / 2


@njit
def total(a, b):
    return a + b


@njit
def over(a, b):
    return (a + b) > 250


@njit
def scaled(a, b):
    return (a * b) // 7


@njit
def negated(a):
    return -a + 1


CALLS = [
    ("average", (np.array([200, 100], dtype=np.uint8), np.array([100, 100], dtype=np.uint8))),
    ("average", (np.array([100, -100], dtype=np.int8), np.array([100, -100], dtype=np.int8))),
    ("total", (np.array([200, 100], dtype=np.uint8), np.array([100, 100], dtype=np.uint8))),
    ("over", (np.array([200, 100], dtype=np.uint8), np.array([100, 100], dtype=np.uint8))),
    ("scaled", (np.array([200, 100], dtype=np.uint8), np.array([100, 100], dtype=np.uint8))),
    ("scaled", (np.array([30000, -2], dtype=np.int16), np.array([3, 5], dtype=np.int16))),
    ("negated", (np.array([1, 200], dtype=np.uint8),)),
    ("negated", (np.array([-128, 5], dtype=np.int8),)),
]
