# Calls Numba refuses before or while typing: print() with keyword arguments (its print
# rewrite's UnsupportedError, at the print), a lone Ellipsis index (no lowering of
# getitem(array, ...)), np.random.choice with p= (its overload takes no p) or of a 2-d array
# (the overload's assertion).
import numpy as np
from numba import njit


@njit("int64(int64)")
def print_sep(n):
    m = n + 1
    print(n, m, sep=", ")
    return m


@njit("int64(int64)")
def print_end(n):
    print(n, end="")
    return n


@njit("float64(float64[:])")
def ellipsis_index(a):
    return a[...].sum()


@njit("float64(float64[:, :])")
def ellipsis_in_tuple(a):
    return a[..., 0].sum()


@njit("int64(int64)")
def choice_with_p(n):
    return np.random.choice(3, p=np.array([0.2, 0.3, 0.5]))


@njit("float64(float64[:, :])")
def choice_2d(a):
    return np.random.choice(a)


@njit("int64(int64)")
def choice_plain(n):
    np.random.seed(n)
    return np.random.choice(10)


CALLS = [("ellipsis_in_tuple", (np.ones((2, 3)),)), ("choice_plain", (3,))]
