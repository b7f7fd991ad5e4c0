# np.linalg.svd: singular values raw and rounded, reconstruction from
# u, s, vt, full_matrices=False shapes, layouts, dtypes, empty and errors.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[::1, :],)", "(float64[:, :],)",
       "(float32[:, ::1],)", "(complex128[:, ::1],)", "(complex64[:, :],)"])
def svd_values(a):
    u, s, vt = np.linalg.svd(a)
    return s, u.shape, vt.shape


@njit(["(float64[:, ::1], int64)", "(complex128[:, :], int64)", "(float32[:, :], int64)"])
def svd_rebuild(a, digits):
    u, s, vt = np.linalg.svd(a, full_matrices=False)
    return np.round(s, digits), np.round((u * s) @ vt, digits), u.shape, vt.shape


@njit
def svd_full_flag(a, full):
    u, s, vt = np.linalg.svd(a, full)
    return u.shape, s.shape, vt.shape


@njit
def svd_orthogonal(a):
    u, s, vt = np.linalg.svd(a)
    return np.round(u.T @ u, 10), np.round(vt @ vt.T, 10)


@njit(["(int64[:, ::1],)", "(float64[::1],)"])
def svd_bad(a):
    return np.linalg.svd(a)


A = np.array([[3.0, 0.0], [4.0, 5.0]])
W = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
Z = np.array([[1.0 + 1j, 0.0], [0.0, 2.0 - 2j]])

CALLS = [
    ("svd_values", (np.diag(np.array([3.0, 1.0, 2.0])),)),
    ("svd_values", (np.asfortranarray(A),)),
    ("svd_values", (np.eye(4)[:, ::2] * 2.0,)),
    ("svd_values", (np.diag(np.array([3.0, 4.0])).astype(np.float32),)),
    ("svd_values", (Z,)),
    ("svd_values", (Z.astype(np.complex64),)),
    ("svd_values", (np.zeros((0, 0)),)),
    ("svd_values", (np.zeros((0, 3)),)),
    ("svd_values", (np.array([[np.nan, 1.0], [1.0, 1.0]]),)),
    ("svd_rebuild", (A, 10)),
    ("svd_rebuild", (W, 10)),
    ("svd_rebuild", (W.T.copy(), 10)),
    ("svd_rebuild", (Z, 10)),
    ("svd_rebuild", (W.astype(np.float32), 4)),
    ("svd_full_flag", (W, True)),
    ("svd_full_flag", (W, False)),
    ("svd_full_flag", (W.T.copy(), 0)),
    ("svd_orthogonal", (W,)),
]
