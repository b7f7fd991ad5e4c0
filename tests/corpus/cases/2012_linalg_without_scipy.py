# np.linalg functions need SciPy in Numba (LAPACK/BLAS through it); without it, as these
# answers were recorded, each fails to type with Numba's ImportError.
import numpy as np
from numba import njit


@njit("float64[:, :](float64[:, ::1])")
def inv_(a):
    return np.linalg.inv(a)


@njit("float64(float64[::1])")
def norm_(a):
    return np.linalg.norm(a)


@njit("float64(float64[:, ::1])")
def det_(a):
    return np.linalg.det(a)


@njit("float64[:](float64[:, ::1], float64[::1])")
def solve_(a, b):
    return np.linalg.solve(a, b)


@njit("float64(float64[:, ::1])")
def svd_first(a):
    u, s, vt = np.linalg.svd(a)
    return s[0]


@njit("float64[:, :](float64[:, ::1], int64)")
def power_(a, n):
    return np.linalg.matrix_power(a, n)


@njit("complex128[:](float64[::1])")
def roots_(p):
    return np.roots(p)
