import numpy as np
from numba import njit


@njit("(ListType(int64),)")
def del_typed_list(l):
    del l[0]
    return l


@njit("(DictType(int64, float64),)")
def del_typed_dict(d):
    del d[0]
    return d


@njit("(float64[:, :],)")
def del_array_2idx(a):
    del a[0, 0]
    return a


@njit("(int64,)")
def del_set(n):
    s = {1, n}
    del s[0]
    return s


@njit("(List(float64, reflected=True),)")
def del_list_neg(l):
    del l[-1]
    return l


@njit("(int64,)")
def del_range(n):
    r = range(n)
    del r[0]
    return n
