import numpy as np
from numba import njit


@njit("(int64,)")
def arange_float_step(n):
    return np.arange(0, n, 0.5)


@njit("(int64,)")
def linspace_num_float(n):
    return np.linspace(0.0, 1.0, n / 2)


@njit("(int64,)")
def full_str(n):
    return np.full(n, 'a')


@njit("(int64,)")
def full_dtype(n):
    return np.full(n, 1, dtype=np.float32)


@njit("(int64,)")
def eye_k(n):
    return np.eye(n, k=1)


@njit("(int64,)")
def identity_dtype(n):
    return np.identity(n, dtype=np.int32)


@njit("(float64[:],)")
def zeros_like_dtype(a):
    return np.zeros_like(a, dtype=np.int64)


@njit("(float64[:],)")
def empty_like_shape(a):
    return np.empty_like(a, shape=(3,))


@njit("(int64,)")
def arange_dtype(n):
    return np.arange(n, dtype=np.float32)


@njit("(int64,)")
def zeros_order(n):
    return np.zeros((n, n), order='F')
