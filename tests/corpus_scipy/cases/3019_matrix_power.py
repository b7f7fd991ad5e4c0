# np.linalg.matrix_power with n = 0, 1, 2, 3, 5, -1, -3 on float, complex
# and integer matrices; singular negative powers, non-square, layouts.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1], int64)", "(float64[::1, :], int64)", "(float64[:, :], int64)",
       "(float32[:, ::1], int64)", "(complex128[:, ::1], int64)",
       "(complex64[:, :], int64)", "(int64[:, ::1], int64)"])
def mpow(a, n):
    p = np.linalg.matrix_power(a, n)
    return p


@njit
def mpow_all(a):
    return (np.linalg.matrix_power(a, 0), np.linalg.matrix_power(a, 1),
            np.linalg.matrix_power(a, 2), np.linalg.matrix_power(a, 3),
            np.linalg.matrix_power(a, 5), np.round(np.linalg.matrix_power(a, -1), 10),
            np.round(np.linalg.matrix_power(a, -3), 10))


@njit(["(float64[:, ::1], float64)", "(float64[::1], int64)"])
def mpow_bad(a, n):
    return np.linalg.matrix_power(a, n)


F = np.array([[1.0, 1.0], [1.0, 0.0]])

CALLS = [
    ("mpow", (F, 10)),
    ("mpow", (np.asfortranarray(F), 3)),
    ("mpow", (np.ones((4, 4))[::2, ::2], 4)),
    ("mpow", (F.astype(np.float32), 6)),
    ("mpow", (np.array([[0.0, 1j], [1j, 0.0]]), 3)),
    ("mpow", (np.array([[1.0 + 1j, 0.0], [0.0, 2.0]], dtype=np.complex64), 2)),
    ("mpow", (np.array([[1, 1], [1, 0]]), 10)),
    ("mpow", (np.array([[1, 1], [1, 0]]), 0)),
    ("mpow", (np.array([[1, 1], [1, 0]]), -1)),
    ("mpow", (np.array([[2.0, 0.0], [0.0, 4.0]]), -2)),
    ("mpow", (np.array([[1.0, 2.0], [2.0, 4.0]]), -1)),
    ("mpow", (np.ones((2, 3)), 2)),
    ("mpow", (np.ones((2, 3)), 1)),
    ("mpow", (np.ones((2, 3)), 0)),
    ("mpow", (np.zeros((0, 0)), 3)),
    ("mpow", (np.zeros((0, 0)), -1)),
    ("mpow_all", (F,)),
    ("mpow_all", (np.array([[2.0, 1.0], [0.0, 2.0]]),)),
    ("mpow_all", (np.array([[1.0 + 1j, 1.0], [0.0, 1.0 - 1j]]),)),
]
