import numpy as np
from numba import njit


@njit("(float64[:],)")
def return_bound_method(a):
    return a.sum


@njit("(float64[:],)")
def call_array(a):
    return a(0)


@njit("(float64[:],)")
def tolist(a):
    return a.tolist()


@njit("(float64[:],)")
def fill_str(a):
    a.fill('x')
    return a


@njit("(float64[:],)")
def fill_complex(a):
    a.fill(1j)
    return a


@njit("(float64[:],)")
def fill_int(a):
    a.fill(1)
    return a


@njit("(float64[:],)")
def tuple_of_array(a):
    return tuple(a)


@njit("(float64[:],)")
def list_of_array(a):
    return list(a)


@njit("(float64[:],)")
def str_of_array(a):
    return str(a)


@njit("(float64[:],)")
def copy_order(a):
    return a.copy(order='F')
