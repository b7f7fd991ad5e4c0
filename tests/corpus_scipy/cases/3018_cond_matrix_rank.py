# np.linalg.cond with p None/1/-1/2/-2/inf/-inf/'fro' and
# np.linalg.matrix_rank with/without tol, on full-rank and deficient inputs.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[::1, :],)", "(float32[:, :],)",
       "(complex128[:, ::1],)"])
def cond(a):
    c = np.linalg.cond(a)
    return np.round(c, 8)


@njit
def cond_ps(a):
    return (np.round(np.linalg.cond(a, None), 8), np.round(np.linalg.cond(a, 1), 8),
            np.round(np.linalg.cond(a, -1), 8), np.round(np.linalg.cond(a, 2), 8),
            np.round(np.linalg.cond(a, -2), 8), np.round(np.linalg.cond(a, np.inf), 8),
            np.round(np.linalg.cond(a, -np.inf), 8), np.round(np.linalg.cond(a, 'fro'), 8))


@njit(["(float64[:, ::1],)", "(float64[:, :],)", "(float32[:, ::1],)",
       "(complex128[:, :],)", "(complex64[:, ::1],)", "(float64[::1],)"])
def rank(a):
    r = np.linalg.matrix_rank(a)
    return r


@njit(["(float64[:, ::1], float64)", "(float64[::1], float64)"])
def rank_tol(a, tol):
    return np.linalg.matrix_rank(a, tol)


@njit(["(int64[:, ::1],)", "(float64[:, :, ::1],)"])
def rank_bad(a):
    return np.linalg.matrix_rank(a)


A = np.array([[4.0, 7.0], [2.0, 6.0]])
Def = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])

CALLS = [
    ("cond", (A,)),
    ("cond", (np.asfortranarray(np.eye(3) * 2.0),)),
    ("cond", (A.astype(np.float32),)),
    ("cond", (A + 1j * np.eye(2),)),
    ("cond", (np.array([[1.0, 2.0], [2.0, 4.0]]),)),
    ("cond", (np.ones((2, 3)),)),
    ("cond_ps", (A,)),
    ("cond_ps", (np.diag(np.array([1.0, 10.0, 100.0])),)),
    ("cond_ps", (np.array([[1.0, 2.0], [2.0, 4.0]]),)),
    ("rank", (A,)),
    ("rank", (Def,)),
    ("rank", (np.ones((4, 6))[:, ::2],)),
    ("rank", (np.zeros((3, 3), dtype=np.float32),)),
    ("rank", (A + 0j,)),
    ("rank", (np.eye(3, dtype=np.complex64),)),
    ("rank", (np.array([0.0, 0.0]),)),
    ("rank", (np.array([0.0, 1e-300]),)),
    ("rank", (np.zeros((0, 3)),)),
    ("rank_tol", (np.diag(np.array([1.0, 1e-3, 1e-6])), 1e-4)),
    ("rank_tol", (np.diag(np.array([1.0, 1e-3, 1e-6])), 0.0)),
    ("rank_tol", (np.array([0.5, 0.0]), 1.0)),
    ("rank", (np.array([[np.nan, 1.0], [1.0, 1.0]]),)),
]
