"""A jit function that sets neither `fastmath` nor `error_model` is compiled for a jit caller
with the caller's (Numba's `inherit_if_not_set`): division by zero in a callee of an
`error_model="numpy"` function gives inf and nan, also two calls down, and a sum in a callee of
a `fastmath=True` function is reassociated as the caller's own would be. A callee that sets
the option keeps its own. (Python's calls of the callee run it with its own options in numrs;
in Numba they run whichever compilation came first, so none is made here.)"""
import numpy as np
from numba import njit


@njit
def div(a, b):
    return a / b


@njit
def mod_via(a, b):
    return div(a, b) + (a % b)


@njit(error_model="python")
def strict_div(a, b):
    return a / b


@njit(error_model="numpy")
def lenient(a, b):
    return div(a, b)


@njit(error_model="numpy")
def lenient_chain(a, b):
    return mod_via(a, b)


@njit(error_model="numpy")
def lenient_strict(a, b):
    return strict_div(a, b)


@njit
def total(a):
    s = 0.0
    for x in a:
        s += x
    return s


@njit(fastmath=True)
def fast_total(a):
    return total(a)


CALLS = [
    ("lenient", (1.0, 0.0)),
    ("lenient", (0.0, 0.0)),
    ("lenient", (3, 0)),
    ("lenient_chain", (5.0, 0.0)),
    ("lenient_strict", (1.0, 0.0)),
    ("fast_total", (np.linspace(0, 1, 1001) ** 3,)),
    ("total", (np.linspace(0, 1, 1001) ** 3,)),
]
