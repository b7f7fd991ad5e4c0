import numpy as np
from numba import njit


class MyError(Exception):
    pass


@njit("(float64,)")
def raise_float_arg(x):
    if x < 0:
        raise ValueError(x)
    return x


@njit("(float64,)")
def raise_str_concat(x):
    if x < 0:
        raise ValueError("x is " + str(x))
    return x


@njit("(int64,)")
def raise_fstring(n):
    if n < 0:
        raise ValueError(f"bad {n}")
    return n


@njit("(float64[:],)")
def raise_array_arg(a):
    if a.size == 0:
        raise ValueError(a)
    return a[0]


@njit("(int64,)")
def raise_custom(n):
    if n < 0:
        raise MyError("neg")
    return n


@njit("(int64,)")
def raise_int(n):
    if n < 0:
        raise 5
    return n


@njit("(int64,)")
def raise_instance_var(n):
    e = ValueError("x")
    if n < 0:
        raise e
    return n


@njit("(int64,)")
def raise_str_int(n):
    if n < 0:
        raise ValueError("bad " + str(n))
    return n
