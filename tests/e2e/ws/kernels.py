"""A small Numba module with one typing error, for the editor end-to-end tests."""
from numba import njit


@njit("float64(float64[:])")
def mean(a):
    total = 0.0
    for x in a:
        total += x
    return total / len(a)


@njit("int64(int64)")
def describe(n):
    if n % 2 == 0:
        d = n
    else:
        d = "odd"
    return d
