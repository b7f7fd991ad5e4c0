import numpy as np
from numba import njit


@njit("(float64[:], float64[:])")
def concat_list(a, b):
    return np.concatenate([a, b])


@njit("(float64[:], float64[:])")
def concat_tuple(a, b):
    return np.concatenate((a, b))


@njit("(float64[:], float64[:, :])")
def concat_ndim_mismatch(a, b):
    return np.concatenate((a, b))


@njit("(float64[:], float64[:])")
def stack_axis(a, b):
    return np.stack((a, b), axis=1)


@njit("(float64[:], float64[:])")
def hstack_list(a, b):
    return np.hstack([a, b])


@njit("(float64[:], int64[:])")
def vstack_mixed_dtype(a, b):
    return np.vstack((a, b))


@njit("(float64[:], float64)")
def concat_with_scalar(a, x):
    return np.concatenate((a, x))


@njit("(float64[:], float64[:])")
def append_arrays(a, b):
    return np.append(a, b)
