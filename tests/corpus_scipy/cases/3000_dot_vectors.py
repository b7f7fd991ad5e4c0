# np.dot / np.vdot / a.dot / @ on 1-d vectors for all four dtypes, C and
# strided (A) layouts, raw results for bit-exactness.
import numpy as np
from numba import njit


@njit(["float64(float64[::1], float64[::1])",
       "float32(float32[::1], float32[::1])",
       "complex128(complex128[::1], complex128[::1])",
       "complex64(complex64[::1], complex64[::1])",
       "(float64[:], float64[:])"])
def dot_vec(a, b):
    r = np.dot(a, b)
    return r


@njit(["(float64[:], float64[:])", "(complex128[:], complex128[:])",
       "(complex64[::1], complex64[::1])"])
def vdot_vec(a, b):
    r = np.vdot(a, b)
    return r


@njit
def method_dot(a, b):
    return a.dot(b)


@njit
def matmul_vec(a, b):
    return a @ b


@njit
def dot_sum_mix(a, b):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * b[i]
    return s, np.dot(a, b), s == np.dot(a, b)


x = np.array([1.0, 2.0, 3.0, 4.0])
y = np.array([0.5, -1.0, 2.0, 0.25])
z = np.array([1 + 2j, 3 - 1j, -2 + 0.5j])
w = np.array([2 - 1j, 0.5 + 0.5j, 1 + 1j])

CALLS = [
    ("dot_vec", (x, y)),
    ("dot_vec", (x.astype(np.float32), y.astype(np.float32))),
    ("dot_vec", (z, w)),
    ("dot_vec", (z.astype(np.complex64), w.astype(np.complex64))),
    ("dot_vec", (np.arange(10.0)[::3], np.arange(4.0))),
    ("dot_vec", (np.arange(0.0), np.arange(0.0))),
    ("dot_vec", (np.arange(0.1, 1.0, 0.1), np.arange(0.1, 1.0, 0.1)[::-1])),
    ("vdot_vec", (x, y)),
    ("vdot_vec", (z, w)),
    ("vdot_vec", (z.astype(np.complex64), w.astype(np.complex64))),
    ("vdot_vec", (z[::2], w[::2])),
    ("method_dot", (x, y)),
    ("method_dot", (z, w)),
    ("method_dot", (x[::2], y[1::2])),
    ("matmul_vec", (x, y)),
    ("matmul_vec", (z.astype(np.complex64), w.astype(np.complex64))),
    ("matmul_vec", (x, y[:3])),
    ("dot_sum_mix", (x, y)),
]
