# np.linalg.cholesky: lower factor, raw results for all dtypes, layouts,
# not-positive-definite / non-square / NaN errors, reconstruction.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[::1, :],)", "(float64[:, :],)",
       "(float32[:, ::1],)", "(complex128[:, ::1],)", "(complex64[:, :],)"])
def chol(a):
    L = np.linalg.cholesky(a)
    return L


@njit(["(int64[:, ::1],)", "(float64[::1],)"])
def chol_bad(a):
    return np.linalg.cholesky(a)


@njit
def chol_rebuild(a):
    L = np.linalg.cholesky(a)
    return np.round(L @ L.T.conj() - a, 12)


@njit
def chol_solve(a, b):
    L = np.linalg.cholesky(a)
    y = np.linalg.solve(L, b)
    return np.round(np.linalg.solve(L.T, y), 12)


S = np.array([[4.0, 2.0], [2.0, 5.0]])
T = np.array([[4.0, 12.0, -16.0], [12.0, 37.0, -43.0], [-16.0, -43.0, 98.0]])
Hc = np.array([[2.0 + 0j, 1j], [-1j, 2.0 + 0j]])

CALLS = [
    ("chol", (S,)),
    ("chol", (np.asfortranarray(T),)),
    ("chol", (np.eye(4)[::2, ::2] * 9.0,)),
    ("chol", (S.astype(np.float32),)),
    ("chol", (Hc,)),
    ("chol", (Hc.astype(np.complex64),)),
    ("chol", (np.zeros((0, 0)),)),
    ("chol", (np.array([[1.0, 2.0], [2.0, 1.0]]),)),
    ("chol", (-np.eye(2),)),
    ("chol", (np.ones((2, 3)),)),
    ("chol", (np.array([[np.inf, 0.0], [0.0, 1.0]]),)),
    ("chol", (np.array([[4.0, 100.0], [2.0, 5.0]]),)),
    ("chol_rebuild", (T,)),
    ("chol_rebuild", (Hc,)),
    ("chol_solve", (T, np.array([1.0, 2.0, 3.0]))),
]
