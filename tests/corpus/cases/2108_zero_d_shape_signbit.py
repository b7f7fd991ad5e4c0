# 0-d arrays in place (`a += 1`) and in comparisons, np.asfortranarray of a 0-d array (a 1-d
# array in Numba), np.shape of arrays, np.signbit of integer and boolean arrays.
import numpy as np
from numba import njit


@njit("Array(float64, 0, 'C')(Array(float64, 0, 'C'))")
def increment(a):
    a += 1
    return a


@njit("boolean(Array(float64, 0, 'C'))")
def positive(a):
    return a > 0


@njit("(Array(float64, 0, 'C'),)")
def fortran_of_0d(a):
    return np.asfortranarray(a)


@njit("(float64[:, ::1], int64[:])")
def shapes(a, b):
    return np.shape(a), np.shape(b)


@njit("(int64[:], uint8[:], boolean[:])")
def signbits(a, b, c):
    return np.signbit(a), np.signbit(b), np.signbit(c), np.signbit(a * 2)


CALLS = [
    ("increment", (np.array(2.0),)),
    ("positive", (np.array(2.0),)),
    ("positive", (np.array(-2.0),)),
    ("fortran_of_0d", (np.array(3.5),)),
    ("shapes", (np.zeros((2, 3)), np.arange(4))),
    ("signbits", (np.array([-3, 0, 2]), np.array([0, 255], dtype=np.uint8), np.array([True, False]))),
]
