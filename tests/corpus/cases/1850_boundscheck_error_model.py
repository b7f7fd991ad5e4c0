import numpy as np
from numba import njit


@njit(boundscheck=True)
def checked_get(a, i):
    return a[i]


@njit(boundscheck=True)
def checked_set(a, i, j, v):
    a[i, j] = v
    return a.sum()


@njit
def unchecked_in_range(a, i):
    return a[i]


@njit(error_model="numpy")
def np_int_div(a, b):
    return a // b, a % b


@njit(error_model="numpy")
def np_float_div(a, b):
    return a / b, a // b, a % b


@njit(error_model="numpy")
def np_int_pow(a, b):
    return a ** b


@njit
def py_int_div(a, b):
    return a // b


@njit(error_model="python")
def py_float_div(a, b):
    return a / b


CALLS = [
    ("checked_get", (np.arange(4.0), 3)),
    ("checked_get", (np.arange(4.0), -4)),
    ("checked_get", (np.arange(4.0), 4)),
    ("checked_get", (np.arange(4.0), -5)),
    ("checked_set", (np.zeros((2, 3)), 1, 2, 5.0)),
    ("checked_set", (np.zeros((2, 3)), 2, 0, 5.0)),
    ("checked_set", (np.zeros((2, 3)), 0, -4, 5.0)),
    ("unchecked_in_range", (np.arange(4.0), -1)),
    ("np_int_div", (7, 0)),
    ("np_int_div", (-7, 2)),
    ("np_float_div", (1.0, 0.0)),
    ("np_float_div", (-1.0, 0.0)),
    ("np_float_div", (0.0, 0.0)),
    ("np_float_div", (7.5, 2.0)),
    ("np_int_pow", (0, -1)),
    ("np_int_pow", (2, -1)),
    ("np_int_pow", (3, 3)),
    ("py_int_div", (7, 0)),
    ("py_float_div", (1.0, 0.0)),
]
