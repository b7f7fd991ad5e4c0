# array.view with a dtype of another item size (NumPy's checks as Numba runs them, then the
# last dimension rescaled): float64 as int32 pairs, int8 quadruples as int32, an F array, a
# non-contiguous last axis and sizes that do not divide (ValueError).
import numpy as np
from numba import njit


@njit("(float64[::1],)")
def as_int32(a):
    return a.view(np.int32)


@njit("(int8[:, ::1],)")
def as_int32_rows(a):
    return a.view(np.int32)


@njit("(int32[:],)")
def as_float64(a):
    return a.view(np.float64)


@njit("(int16[::1, :],)")
def fortran_as_int8(a):
    return a.view(np.int8)


CALLS = [
    ("as_int32", (np.array([1.0, -2.5]),)),
    ("as_int32_rows", (np.arange(16, dtype=np.int8).reshape(2, 8),)),
    ("as_float64", (np.arange(4, dtype=np.int32),)),
    ("as_float64", (np.arange(3, dtype=np.int32),)),
    ("as_float64", (np.arange(8, dtype=np.int32)[::2],)),
    ("fortran_as_int8", (np.asfortranarray(np.arange(6, dtype=np.int16).reshape(2, 3)),)),
    ("fortran_as_int8", (np.asfortranarray(np.arange(3, dtype=np.int16).reshape(3, 1)),)),
]
