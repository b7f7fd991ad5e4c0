# Results of operations on Fortran-ordered arrays are Fortran-ordered (type and memory):
# ufuncs and array expressions, np.copy, np.round, np.nan_to_num, astype. Code that reads
# them linearly (the transpose's ravel, a reshape that needs no copy) sees Fortran order.
import numpy as np
from numba import njit


@njit("(float64[::1, :],)")
def copies(a):
    return np.copy(a), np.round(a), np.nan_to_num(a), a.astype(np.float32), a.copy()


@njit("(float64[:, :],)")
def copies_any(a):
    return np.copy(a), np.round(a), np.nan_to_num(a)


@njit("(float64[::1, :],)")
def transposed_ravel(a):
    b = -a
    c = np.abs(a) + 1.0
    return b.T.ravel(), c.T.reshape(a.size), np.copy(a).T.ravel(), a.astype(np.float32).T.ravel()


@njit("(float64[::1, :],)")
def reshape_needs_copy(a):
    b = a * 2.0
    return b.reshape(a.size)


CALLS = [
    ("copies", (np.asfortranarray(np.array([[1.5, -2.5, np.nan], [np.inf, 0.5, 3.25]])),)),
    ("copies_any", (np.arange(12.0).reshape(3, 4)[:, ::2],)),
    ("transposed_ravel", (np.asfortranarray(np.arange(6.0).reshape(2, 3) - 2.5),)),
    ("reshape_needs_copy", (np.asfortranarray(np.arange(6.0).reshape(2, 3)),)),
]
