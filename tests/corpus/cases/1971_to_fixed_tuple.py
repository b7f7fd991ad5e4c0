# numba.np.unsafe.ndarray.to_fixed_tuple(array, length): the first `length` items of a 1-d
# array as a UniTuple; the length must be a constant (a literal, or a variable holding one)
# and the array one-dimensional.
import numpy as np
from numba import njit
from numba.np.unsafe.ndarray import to_fixed_tuple


@njit("(int64[::1],)")
def fixed(a):
    t = to_fixed_tuple(a, 3)
    return t[0] + t[2]


@njit("(float64[:],)")
def strided(a):
    k = 2
    return to_fixed_tuple(a, k)


@njit("(float64[:, ::1],)")
def twod(a):
    return to_fixed_tuple(a, 2)


@njit("(float64[::1], int64)")
def not_const(a, n):
    return to_fixed_tuple(a, n)


CALLS = [
    ("fixed", (np.arange(5),)),
    ("strided", (np.arange(10.0)[::3],)),
]
