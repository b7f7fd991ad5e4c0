import numpy as np
from numba import njit


@njit("(int64,)")
def grow_tuple(n):
    x = ()
    for i in range(n):
        x = x + (i,)
    return x


@njit("(int64,)")
def none_then_int(n):
    x = None
    for i in range(n):
        x = i
    return x


@njit("(int64,)")
def int_then_str(n):
    x = 1
    if n > 0:
        x = 'a'
    return x


@njit("(float64[:],)")
def array_then_float(a):
    x = a
    for i in range(3):
        x = 0.0
    return x


@njit("(float64[:],)")
def acc_array_into_int(a):
    acc = 0
    for i in range(3):
        acc += a
    return acc


@njit("(float64[:],)")
def scalar_then_array(a):
    x = a[0]
    for i in range(3):
        x = a
    return x


@njit("(int64,)")
def int_then_float_loop(n):
    x = 0
    for i in range(n):
        x = x + 0.5
    return x


@njit("(float64[:, :],)")
def row_then_matrix(a):
    cur = a[0]
    for i in range(a.shape[0]):
        cur = a[i:i + 1]
    return cur
