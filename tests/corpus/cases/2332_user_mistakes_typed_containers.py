import numpy as np
from numba import njit, types
from numba.typed import List, Dict


@njit("(int64,)")
def typed_list_append(n):
    l = List()
    for i in range(n):
        l.append(i)
    return l


@njit("(int64,)")
def typed_dict_empty(n):
    d = Dict.empty(key_type=types.unicode_type, value_type=types.float64)
    d['a'] = n
    return d


@njit("(int64,)")
def typed_dict_noargs(n):
    d = Dict()
    d[n] = 'a'
    return d


@njit("(int64,)")
def typed_list_mixed(n):
    l = List()
    l.append(n)
    l.append('x')
    return l


@njit("(int64,)")
def typed_list_untyped(n):
    l = List()
    return len(l)


@njit("(int64,)")
def typed_list_from_list(n):
    l = List([1, 2, n])
    return l


@njit("(int64,)")
def typed_dict_wrong_value(n):
    d = Dict.empty(key_type=types.int64, value_type=types.float64)
    d[n] = 'a'
    return d
