import numpy as np
from numba import njit


@njit("(float64[:], int64)")
def reshape_neg(a, n):
    return a.reshape(n, -1)


@njit("(float64[:], int64, int64)")
def reshape_list(a, n, m):
    return a.reshape([n, m])


@njit("(float64[:], int64, int64)")
def reshape_order(a, n, m):
    return a.reshape((n, m), order='F')


@njit("(float64[:, :],)")
def np_reshape_flat(a):
    return np.reshape(a, (-1,))


@njit("(float64[:], int64)")
def resize_meth(a, n):
    a.resize(n)
    return a


@njit("(float64[:, :],)")
def flatten_order(a):
    return a.flatten(order='F')


@njit("(float64[:, :],)")
def ravel_order(a):
    return np.ravel(a, order='F')


@njit("(float64[:], float64)")
def reshape_float(a, x):
    return a.reshape(x)


@njit("(float64[:, :],)")
def transpose_axes(a):
    return np.transpose(a, (1, 0))


@njit("(float64[:, :],)")
def swapaxes(a):
    return np.swapaxes(a, 0, 1)
