import numpy as np
from numba import njit


@njit("(List(int64, reflected=True),)")
def del_list_slice(l):
    del l[1:]
    return l


@njit("(float64[:, :],)")
def del_array_row(a):
    del a[0]
    return a


@njit("(float64[:],)")
def del_array_slice(a):
    del a[1:]
    return a


@njit("(UniTuple(int64, 2),)")
def del_tuple_item(t):
    del t[0]
    return t


@njit("(unicode_type,)")
def del_str_item(s):
    del s[0]
    return s


@njit("(int64,)")
def dict_pop(n):
    d = {1: 2.0, n: 3.0}
    return d.pop(1)


@njit("(int64,)")
def list_pop_index(n):
    l = [1, 2, n]
    return l.pop(0)
