import numpy as np
from numba import njit


@njit("(unicode_type,)")
def with_open(path):
    with open(path) as f:
        x = 1
    return x


@njit("(float64[:],)")
def del_var(a):
    b = a.copy()
    del b
    return a


@njit("(int64,)")
def del_list_item(n):
    l = [1, 2, n]
    del l[0]
    return l


@njit("(int64,)")
def del_dict_item(n):
    d = {1: 2, n: 3}
    del d[1]
    return d


@njit("(float64[:],)")
def del_array_item(a):
    del a[0]
    return a


@njit("(int64,)")
def del_then_use(n):
    x = n
    del x
    return x
