"""A module's own decorator factory whose body defines a wrapper that hands the function to
`numba.jit` (`return numba.jit(func, nopython=nopython, ...)`, or `numba.njit(...)(func)`)
and returns the wrapper: the functions it decorates are jit functions with those options."""
import numba
import numpy as np


def jit(nopython=True, cache=False, fastmath=False, error_model="numpy"):
    def wrapper(func):
        return numba.jit(func, nopython=nopython, cache=cache, fastmath=fastmath, error_model=error_model)

    return wrapper


def fast(error_model="python"):
    """Configured njit."""

    def wrapper(func):
        return numba.njit(error_model=error_model)(func)

    return wrapper


@jit()
def add1(x):
    return x + 1


@jit(fastmath=True)
def twice(x):
    return add1(x) * 2


@jit()
def divide(a, b):
    return a // b


@fast()
def divide_py(a, b):
    return a // b


@fast(error_model="numpy")
def divide_np(a, b):
    return a // b


CALLS = [
    ("add1", (1.0,)),
    ("twice", (np.array([1.0, 2.0]),)),
    ("divide", (7, 0)),
    ("divide", (7, 2)),
    ("divide_py", (7, 0)),
    ("divide_np", (7, 0)),
]
