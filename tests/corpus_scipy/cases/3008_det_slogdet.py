# np.linalg.det and slogdet: all dtypes and layouts, singular matrices
# (det 0, slogdet (0, -inf)), 0x0, non-square and NaN errors.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[::1, :],)", "(float64[:, :],)",
       "(float32[:, ::1],)", "(complex128[:, ::1],)", "(complex64[:, :],)"])
def det(a):
    d = np.linalg.det(a)
    return d


@njit(["(float64[:, ::1],)", "(float32[:, :],)", "(complex128[:, :],)",
       "(complex64[:, ::1],)"])
def slogdet(a):
    sign, logdet = np.linalg.slogdet(a)
    return sign, logdet


@njit(["(int64[:, ::1],)", "(float64[::1],)"])
def det_bad(a):
    return np.linalg.det(a)


@njit
def det_vs_slogdet(a):
    s, l = np.linalg.slogdet(a)
    return np.round(np.linalg.det(a), 10), np.round(s * np.exp(l), 10)


A = np.array([[4.0, 7.0], [2.0, 6.0]])
P = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
Z = np.array([[1 + 1j, 2.0], [0.0, 1 - 1j]])

CALLS = [
    ("det", (A,)),
    ("det", (np.asfortranarray(P),)),
    ("det", (P[:, ::-1],)),
    ("det", (A.astype(np.float32),)),
    ("det", (Z,)),
    ("det", (Z.astype(np.complex64),)),
    ("det", (np.zeros((0, 0)),)),
    ("det", (np.array([[1.0, 2.0], [2.0, 4.0]]),)),
    ("det", (np.ones((2, 3)),)),
    ("det", (np.array([[np.nan, 0.0], [0.0, 1.0]]),)),
    ("slogdet", (A,)),
    ("slogdet", (-A.astype(np.float32),)),
    ("slogdet", (Z,)),
    ("slogdet", (Z.astype(np.complex64),)),
    ("slogdet", (np.zeros((2, 2)),)),
    ("slogdet", (np.zeros((0, 0)),)),
    ("slogdet", (np.ones((3, 2)),)),
    ("det_vs_slogdet", (np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]]),)),
]
