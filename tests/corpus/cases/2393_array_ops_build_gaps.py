"""Array operations check types and build: `x in a` of an array, assigning a 2-d array with a
leading 1 or a list into a row, np.arange keyword arguments, tuples and lists as operands of
np.where."""
import numpy as np
from numba import njit


@njit("(float64[:], float64)")
def in_array(a, x):
    return x in a


@njit("(float64[:], unicode_type)")
def str_in_array(a, s):
    return s in a


@njit("(float64[:, :], float64)")
def in_2d(a, x):
    return x in a


@njit
def in_int_arr(a, x):
    return x in a


@njit("(float64[:, :], float64[:, :])")
def setitem_row_2d(a, b):
    a[0] = b
    return a


@njit("(float64[:, :],)")
def setitem_list_value(a):
    a[0] = [1.0, 2.0]
    return a


@njit("(int64,)")
def arange_step_kw(n):
    return np.arange(0, n, step=2)


@njit
def arange_kws(n):
    return np.arange(start=1, stop=n, step=3, dtype=np.float32)


@njit("(float64[:],)")
def where_tuple(a):
    return np.where(a > 0, a, (1.0, 2.0))


@njit("(float64[:],)")
def where_list(a):
    return np.where(a > 0, a, [1.0])

@njit
def a1(n):
    return np.arange(0, n, step=2)

@njit
def a2(n):
    return np.arange(n, step=3)

@njit
def a3(n):
    return np.arange(1, stop=n)

@njit
def a4(n):
    return np.arange(2, stop=n, step=0.5, dtype=np.float32)

@njit
def a5(n):
    return np.arange(n, None, 2)

@njit
def a6(n):
    return np.arange(0, n, 1, np.float64)

@njit
def a7(n):
    return np.arange(1j, stop=n, step=1 + 1j)

@njit
def a8(n):
    return np.arange(n, stop=None)


CALLS = [
    ("in_array", (np.array([1.0, 2.0, np.nan]), 2.0)),
    ("in_array", (np.array([1.0, 2.0, np.nan]), np.nan)),
    ("in_array", (np.array([1.0, 2.0]), 3.0)),
    ("in_array", (np.zeros(0), 3.0)),
    ("str_in_array", (np.array([1.0]), "a")),
    ("in_2d", (np.arange(6.0).reshape(2, 3), 4.0)),
    ("in_2d", (np.arange(6.0).reshape(2, 3)[:, ::2], 1.0)),
    ("in_int_arr", (np.arange(5), 3)),
    ("in_int_arr", (np.arange(5), 3.5)),
    ("in_int_arr", (np.arange(5), 3.0)),
    ("setitem_row_2d", (np.zeros((2, 3)), np.ones((1, 3)))),
    ("setitem_row_2d", (np.zeros((2, 3)), np.ones((2, 3)))),
    ("setitem_row_2d", (np.zeros((2, 3)), np.ones((1, 1)))),
    ("setitem_list_value", (np.zeros((2, 2)),)),
    ("setitem_list_value", (np.zeros((2, 3)),)),
    ("arange_step_kw", (7,)),
    ("arange_kws", (9,)),
    ("where_tuple", (np.array([1.0, -1.0]),)),
    ("where_tuple", (np.array([1.0, -1.0, 2.0]),)),
    ("where_list", (np.array([1.0, -1.0]),)),
    ("a1", (7,)),
    ("a2", (10,)),
    ("a3", (4,)),
    ("a4", (4,)),
    ("a5", (5,)),
    ("a6", (3,)),
    ("a7", (3,)),
    ("a8", (3,)),
]
