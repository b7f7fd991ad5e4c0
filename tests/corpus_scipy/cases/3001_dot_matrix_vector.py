# np.dot with 2-d x 1-d and 1-d x 2-d operands: C, F and A layouts, all
# dtypes, returned layouts recorded through explicit signatures.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1], float64[::1])", "(float64[::1, :], float64[::1])",
       "(float64[:, :], float64[:])", "(float32[:, :], float32[:])",
       "(complex128[:, ::1], complex128[::1])",
       "(complex64[::1, :], complex64[:])"])
def mat_vec(a, x):
    y = np.dot(a, x)
    return y


@njit(["(float64[::1], float64[:, ::1])", "(float64[:], float64[::1, :])",
       "(complex128[:], complex128[:, :])"])
def vec_mat(x, a):
    y = np.dot(x, a)
    return y


@njit
def mat_vec_op(a, x):
    return a @ x, x @ a.T, a.dot(x)


A = np.arange(1.0, 7.0).reshape(2, 3)
v3 = np.array([1.0, -1.0, 2.0])
v2 = np.array([0.5, 2.0])
C = (np.arange(6.0) + 1j * np.arange(6.0)[::-1]).reshape(3, 2)

CALLS = [
    ("mat_vec", (A, v3)),
    ("mat_vec", (np.asfortranarray(A), v3)),
    ("mat_vec", (np.arange(24.0).reshape(4, 6)[::2, ::2], v3)),
    ("mat_vec", (A.astype(np.float32), v3.astype(np.float32))),
    ("mat_vec", (C, np.array([1j, 2.0 + 0j]))),
    ("mat_vec", (np.asfortranarray(C).astype(np.complex64),
                 np.array([1j, 2.0], dtype=np.complex64))),
    ("mat_vec", (A, v2)),
    ("vec_mat", (v2, A)),
    ("vec_mat", (v2, np.asfortranarray(A))),
    ("vec_mat", (v3 + 0j, C)),
    ("vec_mat", (v3, A)),
    ("mat_vec_op", (A, v3)),
    ("mat_vec_op", (np.asfortranarray(A), v3)),
    ("mat_vec_op", (A.astype(np.float32), v3.astype(np.float32))),
]
