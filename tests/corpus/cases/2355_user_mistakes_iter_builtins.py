import numpy as np
from numba import njit


@njit("(float64[:],)")
def enumerate_start(a):
    s = 0.0
    for i, x in enumerate(a, start=1):
        s += i * x
    return s


@njit("(float64[:], float64[:])")
def zip_strict(a, b):
    s = 0.0
    for x, y in zip(a, b, strict=True):
        s += x * y
    return s


@njit("(float64[:],)")
def sorted_array(a):
    return sorted(a)


@njit("(float64[:],)")
def reversed_array(a):
    s = 0.0
    for x in reversed(a):
        s += x
    return s


@njit("(int64,)")
def reversed_range(n):
    s = 0
    for x in reversed(range(n)):
        s += x
    return s


@njit("(List(int64, reflected=True),)")
def reversed_list(l):
    s = 0
    for x in reversed(l):
        s += x
    return s


@njit("(float64[:], float64[:])")
def min_two_arrays(a, b):
    return min(a, b)


@njit("(float64[:],)")
def map_lambda(a):
    return list(map(lambda x: x * 2, a))


@njit("(float64[:],)")
def filter_lambda(a):
    return list(filter(lambda x: x > 0, a))


@njit("(List(int64, reflected=True), List(float64, reflected=True))")
def dict_zip(k, v):
    return dict(zip(k, v))
