import numpy as np
from numba import njit


@njit("(float64[:, :],)")
def t_flags(a):
    return a.T.flags.c_contiguous


@njit("(float64[:, :],)")
def flags_ok(a):
    return a.flags.c_contiguous


@njit("(float64[:, :],)")
def set_shape(a):
    a.shape = (a.size,)
    return a


@njit("(float64[:, :],)")
def nbytes_itemsize(a):
    return a.nbytes + a.itemsize + a.strides[0]


@njit("(float64[:],)")
def base_attr(a):
    return a.base


@njit("(float64[:],)")
def unknown_attr(a):
    return a.foo


@njit("(float64[:],)")
def dtype_attr(a):
    return a.dtype


@njit("(complex128[:],)")
def real_imag(a):
    return a.real + a.imag


@njit("(float64[:],)")
def flags_writeable(a):
    return a.flags.writeable


@njit("(float64[:],)")
def data_attr(a):
    return a.data
