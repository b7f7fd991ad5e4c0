import numpy as np
from numba import njit


@njit("(float64[:],)")
def set_of_arrays(a):
    s = {a}
    return len(s)


@njit("(int64,)")
def set_of_lists(n):
    s = set()
    s.add([n])
    return len(s)


@njit("(int64,)")
def set_add_float(n):
    s = {n}
    s.add(1.5)
    return s


@njit("(int64,)")
def set_mixed(n):
    s = {n, 'a'}
    return len(s)


@njit("(int64[:],)")
def set_from_array(a):
    s = set(a)
    return len(s)


@njit("(int64,)")
def set_ops(n):
    a = {1, 2, n}
    b = {2, 3}
    return len(a | b) + len(a & b) + len(a - b)


@njit("(int64,)")
def set_index(n):
    s = {1, 2, n}
    return s[0]


@njit("(int64,)")
def empty_set_returned(n):
    s = set()
    return s
