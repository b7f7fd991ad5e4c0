import numpy as np
from numba import njit


@njit("(int64[:], int64[:])")
def dot_int(a, b):
    return np.dot(a, b)


@njit("(int64[:, :],)")
def inv_int(a):
    return np.linalg.inv(a)


@njit("(float64[:, :], float64[:, :])")
def matmul(a, b):
    return a @ b


@njit("(float64[:],)")
def norm(a):
    return np.linalg.norm(a)


@njit("(float64[:], float64[:])")
def vdot_ok(a, b):
    s = 0.0
    for i in range(a.size):
        s += a[i] * b[i]
    return s


@njit("(float64[:], float64[:])")
def outer(a, b):
    return np.outer(a, b)
