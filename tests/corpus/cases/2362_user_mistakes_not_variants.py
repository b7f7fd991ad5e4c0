import numpy as np
from numba import njit


@njit("(float64[:],)")
def not_size1_slice(a):
    return not a[:1]


@njit("(int64,)")
def not_none_opt(n):
    x = None
    if n > 0:
        x = n
    return not x


@njit("(DictType(int64, float64),)")
def not_dict(d):
    return not d


@njit("(complex128,)")
def not_complex(z):
    return not z


@njit("(float64[:],)")
def if_tuple(a):
    t = (1, 2)
    if t:
        return 1
    return 0


@njit("(List(int64, reflected=True),)")
def if_list(l):
    if l:
        return 1
    return 0


@njit("(List(int64, reflected=True),)")
def while_list(l):
    n = 0
    while l:
        l.pop()
        n += 1
    return n


@njit("(float64[:],)")
def bool_array_2(a):
    return bool(a[:2])


@njit("(UniTuple(int64, 2),)")
def bool_tuple(t):
    return bool(t)


@njit("(unicode_type,)")
def if_not_str(s):
    if not s:
        return 0
    return len(s)
