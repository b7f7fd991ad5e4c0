"""In a parallel=True function Numba reduces a.max()/a.min()/np.max/np.min as a parfor with
Python's max/min from the identity: NaNs never win; complex and boolean arrays do not
compile. (Serial functions keep NumPy's NaN rule.)"""
import numpy as np
from numba import njit


@njit(parallel=True)
def pmin_max(a):
    return a.min(), a.max(), np.min(a), np.max(a)


@njit
def smin_max(a):
    return a.min(), a.max(), np.min(a), np.max(a)


@njit(parallel=True)
def pmax_expr(a):
    return (a * 2).max(), np.max(a + 1)


@njit(parallel=True)
def pargmax(a):
    return a.argmax()


@njit(parallel=True)
def pmax_complex(a):
    return a.max()


@njit(parallel=True)
def pmin_bool(a):
    return np.min(a)


CALLS = [
    ("pmin_max", (np.array([3.0, np.nan, 7.0]),)),
    ("pmin_max", (np.array([np.nan, np.nan]),)),
    ("pmin_max", (np.array([2.0, -np.inf, np.inf]),)),
    ("pmin_max", (np.array([np.nan, 1.0], dtype=np.float32),)),
    ("pmin_max", (np.arange(12.0).reshape(3, 4),)),
    ("pmin_max", (np.array([1, 5, 2]),)),
    ("pmin_max", (np.zeros(0),)),
    ("smin_max", (np.array([3.0, np.nan, 7.0]),)),
    ("pmax_expr", (np.array([3.0, np.nan, 7.0]),)),
    ("pargmax", (np.array([3.0, np.nan, 7.0]),)),
    ("pmax_complex", (np.array([1 + 2j, 3 - 1j, 3 + 0j]),)),
    ("pmin_bool", (np.array([True, False]),)),
]
