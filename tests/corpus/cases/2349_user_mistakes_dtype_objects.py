import numpy as np
from numba import njit


@njit("(float64[:],)")
def zeros_dtype_of(a):
    return np.zeros(3, dtype=a.dtype)


@njit("(float64[:],)")
def empty_dtype_str_var(a):
    dt = 'float32'
    return np.empty(3, dtype=dt)


@njit("(float64[:],)")
def np_dtype_call(a):
    return np.zeros(3, dtype=np.dtype('int32'))


@njit("(float64[:],)")
def astype_dtype_of(a):
    return a.astype(a.dtype)


@njit("(int64,)")
def np_int_of_float(n):
    return np.int32(n * 1.5)


@njit("(float64[:],)")
def view_dtype(a):
    return a.view(np.int64)


@njit("(float64[:],)")
def view_str(a):
    return a.view('int64')


@njit("(float64[:],)")
def zeros_complex_str(a):
    return np.zeros(3, dtype='complex')
