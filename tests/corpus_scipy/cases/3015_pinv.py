# np.linalg.pinv: invertible (== inv up to rounding), rectangular, rank
# deficient, rcond argument, dtypes, layouts, NaN error.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[::1, :],)", "(float64[:, :],)",
       "(float32[:, ::1],)", "(complex128[:, ::1],)", "(complex64[:, :],)"])
def pinv(a):
    p = np.linalg.pinv(a)
    return np.round(p, 5)


@njit(["(float64[:, ::1], float64)"])
def pinv_rcond(a, rc):
    return np.round(np.linalg.pinv(a, rc), 10)


@njit
def penrose(a):
    p = np.linalg.pinv(a)
    return np.round(a @ p @ a - a, 10), np.round(p @ a @ p - p, 10), p.shape


@njit(["(int64[:, ::1],)", "(float64[::1],)"])
def pinv_bad(a):
    return np.linalg.pinv(a)


A = np.array([[4.0, 7.0], [2.0, 6.0]])
W = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
Def = np.array([[1.0, 2.0], [2.0, 4.0]])

CALLS = [
    ("pinv", (A,)),
    ("pinv", (np.asfortranarray(W),)),
    ("pinv", (W[::2],)),
    ("pinv", (A.astype(np.float32),)),
    ("pinv", (A + 1j * np.eye(2),)),
    ("pinv", (Def.astype(np.complex64),)),
    ("pinv", (Def,)),
    ("pinv", (np.zeros((2, 3)),)),
    ("pinv", (np.zeros((0, 0)),)),
    ("pinv", (np.array([[np.nan, 1.0], [1.0, 1.0]]),)),
    ("pinv_rcond", (np.diag(np.array([1.0, 1e-3])), 1e-2)),
    ("pinv_rcond", (np.diag(np.array([1.0, 1e-3])), 1e-4)),
    ("penrose", (W,)),
    ("penrose", (Def,)),
    ("penrose", (W.T + 0j,)),
]
