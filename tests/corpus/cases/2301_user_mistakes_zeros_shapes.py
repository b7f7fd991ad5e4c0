import numpy as np
from numba import njit


@njit("float64[:, :](int64, int64)")
def zeros_list_shape(n, m):
    return np.zeros([n, m])


@njit("float64[:, :](int64, int64)")
def zeros_tuple_shape(n, m):
    return np.zeros((n, m))


@njit("float32[:](int64)")
def zeros_str_dtype(n):
    return np.zeros(n, dtype='float32')


@njit("float64[:](float64)")
def zeros_float_n(x):
    return np.zeros(x)


@njit("(int64,)")
def empty_object(n):
    return np.empty(n, dtype=object)


@njit("int32[:](int64)")
def ones_pos_dtype(n):
    return np.ones((n,), np.int32)


@njit("float64[:](int64)")
def zeros_n_plus_half(n):
    return np.zeros(n / 2)


@njit("float64[:](float64[:])")
def zeros_like_shape(a):
    return np.zeros(a.shape[0] // 2)
