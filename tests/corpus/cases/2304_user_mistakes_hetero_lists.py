import numpy as np
from numba import njit


@njit("(int64,)")
def int_float_list(n):
    l = [n, 2.5]
    return l[0]


@njit("(int64,)")
def int_str_list(n):
    l = [n, 'a']
    return len(l)


@njit("(float64[:],)")
def array_int_list(a):
    l = [a, 1]
    return len(l)


@njit("(int64,)")
def tuple_len_list(n):
    l = [(1, n), (1, 2, 3)]
    return len(l)


@njit("(int64,)")
def append_float_to_int(n):
    l = [0]
    l.append(1.5)
    return l


@njit("(int64,)")
def empty_list_returned(n):
    l = []
    return l


@njit("(int64,)")
def append_str_to_int(n):
    l = [n]
    l.append('x')
    return l


@njit("(float64[:], float64[:, :])")
def list_mixed_ndim(a, b):
    l = [a, b]
    return len(l)
