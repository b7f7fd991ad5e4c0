# eigh / eigvalsh on symmetric and Hermitian matrices: raw eigenvalues,
# eigenvectors via abs/rounded or reconstruction, layouts, errors.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[::1, :],)", "(float64[:, :],)",
       "(float32[:, ::1],)", "(complex128[:, ::1],)", "(complex64[:, :],)"])
def eigvalsh(a):
    w = np.linalg.eigvalsh(a)
    return w


@njit(["(float64[:, ::1], int64)", "(complex128[:, :], int64)",
       "(float32[::1, :], int64)"])
def eigh_robust(a, digits):
    w, v = np.linalg.eigh(a)
    rebuilt = (v * w) @ v.T.conj()
    return np.round(w, digits), np.round(np.abs(v), digits), np.round(rebuilt - a, 5)


@njit(["(complex128[:, ::1],)", "(float64[:, ::1],)"])
def eigh_diag_mixed(a):
    # complex v @ float diag(w): mixed-dtype matmul fails to type for complex
    w, v = np.linalg.eigh(a)
    return v @ np.diag(w) @ v.T.conj()


@njit
def eigh_types(a):
    w, v = np.linalg.eigh(a)
    return w.dtype, v.dtype, v.shape


@njit(["(int64[:, ::1],)", "(float64[::1],)"])
def eigh_bad(a):
    return np.linalg.eigh(a)


@njit
def eigvalsh_upper_ignored(a):
    # only the lower triangle is read
    return np.linalg.eigvalsh(a)


S = np.array([[2.0, 1.0], [1.0, 2.0]])
T = np.array([[2.0, -1.0, 0.0], [-1.0, 2.0, -1.0], [0.0, -1.0, 2.0]])
Hc = np.array([[2.0 + 0j, 1j], [-1j, 2.0 + 0j]])

CALLS = [
    ("eigvalsh", (S,)),
    ("eigvalsh", (np.asfortranarray(T),)),
    ("eigvalsh", (np.diag(np.array([3.0, 1.0, 2.0, 0.0]))[::2, ::2],)),
    ("eigvalsh", (S.astype(np.float32),)),
    ("eigvalsh", (Hc,)),
    ("eigvalsh", (Hc.astype(np.complex64),)),
    ("eigvalsh", (np.zeros((0, 0)),)),
    ("eigvalsh", (np.ones((2, 3)),)),
    ("eigvalsh", (np.array([[np.nan, 0.0], [0.0, 1.0]]),)),
    ("eigh_robust", (S, 10)),
    ("eigh_robust", (Hc, 10)),
    ("eigh_robust", (np.asfortranarray(T.astype(np.float32)), 4)),
    ("eigh_diag_mixed", (S,)),
    ("eigh_types", (Hc,)),
    ("eigh_types", (S.astype(np.float32),)),
    ("eigvalsh_upper_ignored", (np.array([[2.0, 100.0], [1.0, 2.0]]),)),
]
