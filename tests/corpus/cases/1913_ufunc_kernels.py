import numpy as np
from numba import njit

@njit("(int32[:], int64[:])")
def pw(a, b):
    return np.power(a, 2), np.power(a, b), a ** 3

@njit("(int64[:],)")
def fl(a):
    return np.floor(a), np.ceil(a), np.trunc(a)

@njit("(complex64[:], float64[:])")
def dv(a, b):
    return a / b, np.true_divide(a, b), np.divide(b, a)

@njit("(uint8[:], int8[:])")
def pw8(a, b):
    return np.power(a, b)

@njit("(complex64[:], float64[:])")
def dv2(a, b):
    return np.true_divide(a, b), np.divide(b, a)

@njit("(complex128[:], complex128[:])")
def dv3(a, b):
    return a / b + 1

@njit("(int64[:], int64[:])")
def idiv(a, b):
    return a // b, a % b, a / b


CALLS = [("pw", (np.array([1, -2, 3, 0], dtype=np.int32), np.array([3, 2, 0, 5]))),
 ("pw", (np.array([1, -2, 3, 0], dtype=np.int32), np.array([-1, -1, -2, 1]))),
 ("pw", (np.array([0], dtype=np.int32), np.array([-1]))),
 ("fl", (np.array([-3, 4]),)),
 ("dv", (np.array([1+2j, -3j, 0], dtype=np.complex64), np.array([2.0, 0.0, 0.0]))),
 ("pw8", (np.array([2, 3, 255], dtype=np.uint8), np.array([7, 2, 2], dtype=np.int8))),
 ("dv", (np.array([1+2j, -3j, 2], dtype=np.complex64), np.array([2.0, 0.5, -4.0]))),
 ("dv2", (np.array([1+2j, -3j, 0, 1], dtype=np.complex64), np.array([2.0, 0.0, 0.0, np.nan]))),
 ("dv3", (np.array([1+2j, 3-1j]), np.array([0.5-2j, 1e-300+1e300j]))),
 ("dv3", (np.array([1+2j]), np.array([0j]))),
 ("idiv", (np.array([7, -7, 3]), np.array([2, 2, 0]))),
]
