import numpy as np
from numba import njit


@njit("(float64[:], float64[:, :])")
def add_bcast(a, b):
    return a + b


@njit("(float64[:], unicode_type)")
def add_str(a, s):
    return a + s


@njit("(float64[:],)")
def add_list(a):
    return a + [1.0, 2.0]


@njit("(float64[:],)")
def add_tuple(a):
    return a + (1.0, 2.0)


@njit("(float64[:], int64)")
def iadd_int_array(a, n):
    b = np.arange(n)
    b += a
    return b


@njit("(float64[:],)")
def array_pow(a):
    return a ** 2.5


@njit("(float64[:],)")
def array_matmul_scalar(a):
    return a @ 2.0


@njit("(int64[:], float64)")
def setitem_float_to_int(a, x):
    a[0] = x
    return a


@njit("(int64[:], complex128)")
def setitem_complex_to_int(a, z):
    a[0] = z
    return a


@njit("(float64[:], float64[:])")
def slice_assign_array(a, b):
    a[:2] = b
    return a
