import numpy as np
from numba import njit


@njit("(float64[:], float64[:])")
def array_of_arrays(a, b):
    return np.array([a, b])


@njit("(int64,)")
def array_nested_lists(n):
    return np.array([[1, 2], [3, n]])


@njit("(int64,)")
def array_mixed_num(n):
    return np.array([n, 2.5])


@njit("(int64,)")
def array_str_mix(n):
    return np.array([n, 'a'])


@njit("(int64,)")
def asarray_list(n):
    l = [i for i in range(n)]
    return np.asarray(l)


@njit("(int64,)")
def array_ragged(n):
    return np.array([[1, 2], [3]])


@njit("(float64[:],)")
def array_of_tuple_of_arrays(a):
    return np.array((a, a))
