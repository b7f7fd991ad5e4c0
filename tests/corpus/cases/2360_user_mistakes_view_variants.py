import numpy as np
from numba import njit


@njit("(float64[:],)")
def view_np_dtype(a):
    return a.view(np.dtype('int64'))


@njit("(float64[:],)")
def view_builtin(a):
    return a.view(int)


@njit("(float64[:],)")
def view_np_type(a):
    return a.view(np.uint8)


@njit("(float64[:],)")
def view_no_arg(a):
    return a.view()


@njit("(float64[:],)")
def astype_str_var(a):
    t = 'int64'
    return a.astype(t)


@njit("(float64[:],)")
def astype_unknown_str(a):
    return a.astype('float128')


@njit("(float64[:],)")
def astype_int_str(a):
    return a.astype('int')


@njit("(float64[:],)")
def astype_np_int(a):
    return a.astype(np.int_)
