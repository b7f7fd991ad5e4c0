"""A name NumPy 2 removed (`np.NaN`) is an AttributeError while Numba types the function, which\nends typing at once: it is reported even when earlier statements fail to type (their\nTypingErrors are only collected)."""
import numpy as np
from numba import njit


@njit
def bad_helper(x):
    return x.no_such_attr


@njit
def f(x):
    y = bad_helper(x)
    return np.full(3, np.NaN) + y


@njit
def g(x):
    y = np.nanmean(x, axis=0)
    return np.full(3, np.NaN) + y


@njit
def h(x):
    return np.full(3, np.NaN)


@njit("float64[:](float64[:])")
def f_sig(x):
    y = bad_helper(x)
    return np.full(3, np.NaN) + y


CALLS = [
    ("f", (np.arange(3.0),)),
    ("g", (np.ones((2, 3)),)),
    ("h", (1.0,)),
]
