# np.linalg.solve with 1-d and 2-d right-hand sides, dtypes, layouts, empty
# systems, singular and mismatched systems, mixed-dtype typing errors.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1], float64[::1])", "(float64[:, :], float64[:, :])",
       "(float32[::1, :], float32[::1])", "(complex128[:, ::1], complex128[:, ::1])",
       "(complex64[:, :], complex64[:])"])
def solve(a, b):
    x = np.linalg.solve(a, b)
    return x


@njit(["(float64[:, ::1], float32[::1])", "(int64[:, ::1], int64[::1])",
       "(float64[:, ::1], float64[:, :, ::1])", "(float64[::1], float64[::1])"])
def solve_bad(a, b):
    return np.linalg.solve(a, b)


@njit
def solve_check(a, b):
    x = np.linalg.solve(a, b)
    r = a @ x - b
    return np.round(x, 12), np.abs(r).max() < 1e-12


A = np.array([[3.0, 1.0], [1.0, 2.0]])
b = np.array([9.0, 8.0])
T = np.array([[4.0, -1.0, 0.0], [-1.0, 4.0, -1.0], [0.0, -1.0, 4.0]])
Z = np.array([[2.0 + 1j, 1.0], [1.0, 3.0 - 1j]])

CALLS = [
    ("solve", (A, b)),
    ("solve", (T, np.eye(3))),
    ("solve", (np.asfortranarray(T), np.arange(6.0).reshape(3, 2))),
    ("solve", (np.asfortranarray(A.astype(np.float32)), b.astype(np.float32))),
    ("solve", (Z, np.array([[1.0 + 0j, 0.0], [0.0, 1.0]]))),
    ("solve", (Z.astype(np.complex64), np.array([1j, 1.0], dtype=np.complex64))),
    ("solve", (np.zeros((0, 0)), np.zeros((0, 0)))),
    ("solve", (np.zeros((0, 0)), np.zeros(0))),
    ("solve", (np.array([[1.0, 2.0], [2.0, 4.0]]), b)),
    ("solve", (A, np.ones(3))),
    ("solve", (np.ones((2, 3)), np.ones((2, 1)))),
    ("solve", (A, np.array([np.nan, 1.0]))),
    ("solve", (T[::2, ::2], np.ones((2, 2))[:, ::2])),
    ("solve_check", (T, np.array([1.0, 2.0, 3.0]))),
    ("solve_check", (np.asfortranarray(T), np.ones((3, 4)))),
]
