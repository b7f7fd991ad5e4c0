# np.dot(a, b, out): out must be C-contiguous with the right shape/dtype;
# the call returns out itself.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1], float64[:, ::1], float64[:, ::1])",
       "(float64[:, :], float64[:, :], float64[:, ::1])",
       "(complex128[:, ::1], complex128[:, ::1], complex128[:, ::1])",
       "(float64[:, ::1], float64[:, ::1], float64[:, :])",
       "(float32[:, ::1], float32[:, ::1], float64[:, ::1])"])
def dot_out_mm(a, b, out):
    r = np.dot(a, b, out)
    return r


@njit(["(float64[:, ::1], float64[::1], float64[::1])",
       "(float64[::1], float64[:, :], float64[::1])"])
def dot_out_mv(a, b, out):
    np.dot(a, b, out)
    return out


@njit
def dot_out_same(a, b, out):
    r = np.dot(a, b, out)
    return r is out, out


@njit
def dot_out_loop(a, n):
    out = np.empty_like(a)
    cur = a.copy()
    for _ in range(n):
        np.dot(cur, a, out)
        cur[:, :] = out
    return cur


A = np.array([[1.0, 2.0], [3.0, 4.0]])
B = np.array([[0.0, 1.0], [1.0, 0.0]])

CALLS = [
    ("dot_out_mm", (A, B, np.zeros((2, 2)))),
    ("dot_out_mm", (np.asfortranarray(A), B[::-1], np.zeros((2, 2)))),
    ("dot_out_mm", (A + 1j, B - 1j, np.zeros((2, 2), dtype=np.complex128))),
    ("dot_out_mm", (A, B, np.zeros((3, 2)))),
    ("dot_out_mv", (A, np.array([1.0, -1.0]), np.zeros(2))),
    ("dot_out_mv", (np.array([1.0, -1.0]), A, np.zeros(2))),
    ("dot_out_mv", (A, np.array([1.0, -1.0]), np.zeros(3))),
    ("dot_out_same", (A, B, np.zeros((2, 2)))),
    ("dot_out_loop", (A, 3)),
    ("dot_out_loop", (np.eye(2) * 0.5, 0)),
]
