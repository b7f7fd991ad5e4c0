# np.linalg.qr (reduced mode): shapes for tall/wide inputs, |R| diagonal,
# Q^T Q = I, reconstruction Q @ R, layouts and dtypes, errors.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[::1, :],)", "(float64[:, :],)",
       "(float32[:, ::1],)", "(complex128[:, ::1],)", "(complex64[:, :],)"])
def qr_shapes(a):
    q, r = np.linalg.qr(a)
    return q.shape, r.shape


@njit(["(float64[:, ::1],)", "(float64[:, :],)", "(complex128[:, :],)"])
def qr_check(a):
    q, r = np.linalg.qr(a)
    return (np.round(np.abs(np.diag(r)), 10), np.round(q @ r - a, 10),
            np.round(np.abs(q.T.conj() @ q), 10))


@njit
def qr_upper(a):
    q, r = np.linalg.qr(a)
    ok = True
    for i in range(r.shape[0]):
        for j in range(min(i, r.shape[1])):
            if r[i, j] != 0:
                ok = False
    return ok


@njit(["(int64[:, ::1],)", "(float64[::1],)"])
def qr_bad(a):
    return np.linalg.qr(a)


W = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
Z = np.array([[1.0 + 1j, 2.0], [0.0, 1.0 - 1j]])

CALLS = [
    ("qr_shapes", (W,)),
    ("qr_shapes", (np.asfortranarray(W.T),)),
    ("qr_shapes", (np.ones((6, 4))[::2, ::2],)),
    ("qr_shapes", (W.astype(np.float32),)),
    ("qr_shapes", (Z,)),
    ("qr_shapes", (Z.astype(np.complex64),)),
    ("qr_shapes", (np.zeros((0, 0)),)),
    ("qr_shapes", (np.zeros((3, 0)),)),
    ("qr_shapes", (np.array([[np.inf, 1.0], [1.0, 1.0]]),)),
    ("qr_check", (W,)),
    ("qr_check", (W.T,)),
    ("qr_check", (Z,)),
    ("qr_check", (np.array([[2.0, 0.0], [0.0, 3.0]]),)),
    ("qr_upper", (W,)),
    ("qr_upper", (W.T.copy(),)),
]
