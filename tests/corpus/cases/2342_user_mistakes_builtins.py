import numpy as np
from numba import njit


@njit("(unicode_type,)")
def str_eq_int(s):
    return s == 1


@njit("(List(int64, reflected=True),)")
def sorted_key(l):
    return sorted(l, key=lambda x: -x)


@njit("(List(int64, reflected=True),)")
def sorted_reverse(l):
    return sorted(l, reverse=True)


@njit("(List(int64, reflected=True),)")
def max_key(l):
    return max(l, key=lambda x: -x)


@njit("(List(int64, reflected=True),)")
def sum_start(l):
    return sum(l, 10)


@njit("(unicode_type,)")
def abs_str(s):
    return abs(s)


@njit("(float64[:],)")
def round_array(a):
    return round(a, 2)


@njit("(float64[:],)")
def builtin_min_array(a):
    return min(a)


@njit("(int64,)")
def min_empty(n):
    return min(())


@njit("(float64, float64)")
def divmod_float(a, b):
    return divmod(a, b)


@njit("(int64,)")
def pow_three(n):
    return pow(n, 2, 5)


@njit("(float64,)")
def hash_float(x):
    return hash(x)


@njit("(int64,)")
def chr_ord(n):
    return ord(chr(n))
