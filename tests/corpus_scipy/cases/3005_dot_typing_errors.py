# Typing failures for dot/@/vdot: integer arrays, mixed dtypes, 3-d arrays,
# scalars, and a dot with a wrong out dtype.
import numpy as np
from numba import njit


@njit(["(int64[:, ::1], int64[:, ::1])", "(int32[::1], int32[::1])",
       "(float64[:, ::1], float32[:, ::1])", "(float64[::1], complex128[::1])",
       "(float64[:, :, ::1], float64[:, ::1])", "(bool_[::1], bool_[::1])",
       "(float64, float64[::1])"])
def dot_bad(a, b):
    return np.dot(a, b)


@njit(["(int64[:, ::1], int64[:, ::1])", "(float64[:, ::1], complex128[:, ::1])",
       "(float64[:, :, ::1], float64[:, :, ::1])"])
def matmul_bad(a, b):
    return a @ b


@njit(["(float64[:, ::1], float64[:, ::1])", "(int64[::1], int64[::1])",
       "(float32[::1], float64[::1])"])
def vdot_bad(a, b):
    return np.vdot(a, b)


@njit(["(float64[:, ::1], float64[:, ::1], float32[:, ::1])",
       "(float64[:, ::1], float64[:, ::1], float64[:, :, ::1])",
       "(float64[::1], float64[::1], float64[::1])"])
def dot_out_bad(a, b, out):
    return np.dot(a, b, out)


@njit
def dot_lazy(a, b):
    return np.dot(a, b)


CALLS = [
    ("dot_lazy", (np.arange(4).reshape(2, 2), np.arange(4).reshape(2, 2))),
    ("dot_lazy", (np.ones(2), np.ones(2, dtype=np.float32))),
    ("dot_lazy", (np.ones((2, 2, 2)), np.ones(2))),
    ("dot_lazy", (np.ones(2), np.ones(2))),
]
