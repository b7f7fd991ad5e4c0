import numpy as np
from numba import njit


@njit("(float64[:],)")
def float_of_array(a):
    return float(a)


@njit("(int64[:],)")
def int_of_array(a):
    return int(a)


@njit("(float64[:],)")
def bool_of_array(a):
    return bool(a)


@njit("(float64, float64)")
def complex_ok(x, y):
    return complex(x, y)


@njit("(float64[:],)")
def item_ok(a):
    return a.item()


@njit("(float64[:],)")
def float_of_size1(a):
    return float(a[0:1])


@njit("(complex128,)")
def int_of_complex(z):
    return int(z)


@njit("(complex128,)")
def float_of_complex(z):
    return float(z)
