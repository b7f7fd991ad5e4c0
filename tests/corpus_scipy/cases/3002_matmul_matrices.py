# 2-d x 2-d products through np.dot, @ and ndarray.dot: C/F/A inputs, all
# dtypes, result layout, transposes.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1], float64[:, ::1])", "(float64[::1, :], float64[:, ::1])",
       "(float64[:, :], float64[::1, :])", "(float32[:, ::1], float32[:, ::1])",
       "(complex128[:, :], complex128[:, :])", "(complex64[:, ::1], complex64[::1, :])"])
def mm_dot(a, b):
    c = np.dot(a, b)
    return c


@njit(["(float64[:, ::1], float64[:, ::1])", "(float64[:, :], float64[:, :])",
       "(complex64[:, :], complex64[:, :])"])
def mm_at(a, b):
    c = a @ b
    return c


@njit
def mm_method(a, b):
    return a.dot(b)


@njit
def gram(a):
    return a.T @ a, a @ a.T


@njit
def triple(a, b, c):
    return (a @ b) @ c, a @ (b @ c)


A = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
B = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
Z = np.array([[1 + 1j, 2 - 1j], [0.5j, -1.0 + 0j]])

CALLS = [
    ("mm_dot", (A, B)),
    ("mm_dot", (np.asfortranarray(A), B)),
    ("mm_dot", (A[::2], np.asfortranarray(B[:, :2]))),
    ("mm_dot", (A.astype(np.float32), B.astype(np.float32))),
    ("mm_dot", (Z, Z.T)),
    ("mm_dot", (Z.astype(np.complex64), np.asfortranarray(Z.astype(np.complex64)))),
    ("mm_dot", (A, A)),
    ("mm_at", (A, B)),
    ("mm_at", (A.T, B.T)),
    ("mm_at", (Z.astype(np.complex64), Z.conj().astype(np.complex64))),
    ("mm_method", (B, A)),
    ("mm_method", (np.asfortranarray(B), A[:, ::-1])),
    ("gram", (A,)),
    ("gram", (Z,)),
    ("gram", (np.ones((4, 4))[:, ::2],)),
    ("triple", (A, B, A)),
]
