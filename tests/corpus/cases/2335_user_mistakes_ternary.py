import numpy as np
from numba import njit


@njit("(int64,)")
def tern_int_float(n):
    x = 1 if n > 0 else 2.5
    return x


@njit("(float64[:],)")
def tern_array_none(a):
    x = a if a.size > 0 else None
    return x


@njit("(int64,)")
def tern_tuple_int(n):
    x = (1, 2) if n > 0 else 3
    return x


@njit("(float64[:], float64[:, :])")
def tern_ndim(a, b):
    x = a if a.size > 0 else b
    return x


@njit("(int64,)")
def tern_str_int(n):
    return 'a' if n > 0 else n


@njit("(float64[:],)")
def tern_optional_use(a):
    x = a if a.size > 0 else None
    return x.sum()
