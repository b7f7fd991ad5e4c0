# eig / eigvals on general matrices: real results when the spectrum is real,
# the domain-change error for real input with complex eigenvalues, complex input.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[::1, :],)", "(float32[:, :],)",
       "(complex128[:, ::1],)", "(complex64[:, :],)"])
def eigvals(a):
    w = np.linalg.eigvals(a)
    return w


@njit
def eigvals_sorted(a):
    w = np.linalg.eigvals(a)
    return np.sort(np.round(w, 10))


@njit(["(float64[:, ::1],)", "(complex128[:, ::1],)"])
def eig_check(a):
    w, v = np.linalg.eig(a)
    resid = a @ v - v * w
    return np.sort(np.round(w, 10)), np.abs(resid).max() < 1e-10, v.shape


@njit(["(int64[:, ::1],)", "(float64[:, :, ::1],)"])
def eig_bad(a):
    return np.linalg.eig(a)


Tri = np.array([[2.0, 1.0], [0.0, 3.0]])
Rot = np.array([[0.0, -1.0], [1.0, 0.0]])
U = np.array([[1.0, 2.0, 3.0], [0.0, 4.0, 5.0], [0.0, 0.0, 6.0]])

CALLS = [
    ("eigvals", (Tri,)),
    ("eigvals", (np.asfortranarray(U),)),
    ("eigvals", (Tri.astype(np.float32),)),
    ("eigvals", (Rot,)),
    ("eigvals", (np.diag(np.array([1j, 2.0])),)),
    ("eigvals", (Tri.astype(np.complex64),)),
    ("eigvals", (np.zeros((0, 0)),)),
    ("eigvals", (np.ones((2, 3)),)),
    ("eigvals", (np.array([[np.inf, 0.0], [0.0, 1.0]]),)),
    ("eigvals_sorted", (np.array([[4.0, 1.0], [2.0, 3.0]]),)),
    ("eigvals_sorted", (np.array([[1.0, 2.0], [-2.0, 1.0]]) + 0j,)),
    ("eigvals_sorted", (np.array([[1.0, 2.0], [-2.0, 1.0]]),)),
    ("eig_check", (np.array([[4.0, 1.0], [2.0, 3.0]]),)),
    ("eig_check", (Rot,)),
    ("eig_check", (Rot + 0j,)),
    ("eig_check", (np.ascontiguousarray(U),)),
]
