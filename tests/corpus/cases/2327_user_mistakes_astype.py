import numpy as np
from numba import njit


@njit("(int64[:],)")
def astype_str_float(a):
    return a.astype('float')


@njit("(int64[:],)")
def astype_str_float64(a):
    return a.astype('float64')


@njit("(int64[:],)")
def astype_np_float32(a):
    return a.astype(np.float32)


@njit("(int64[:],)")
def astype_builtin_float(a):
    return a.astype(float)


@njit("(int64[:],)")
def astype_str_(a):
    return a.astype(np.str_)


@njit("(int64[:],)")
def astype_str_f8(a):
    return a.astype('f8')


@njit("(int64[:],)")
def scalar_ctor_on_array(a):
    return np.float32(a)


@njit("(int64[:],)")
def astype_copy_kw(a):
    return a.astype(np.float64, copy=False)


@njit("(int64[:],)")
def astype_bool(a):
    return a.astype(bool)
