# np.linalg.inv on all dtypes and layouts (raw results), empty 0x0, and the
# error paths: singular, non-square, NaN/inf, integer and 3-d typing errors.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[::1, :],)", "(float64[:, :],)",
       "(float32[:, ::1],)", "(complex128[:, ::1],)", "(complex64[:, :],)"])
def inv(a):
    ai = np.linalg.inv(a)
    return ai


@njit(["(int64[:, ::1],)", "(float64[::1],)", "(float64[:, :, ::1],)",
       "(bool_[:, ::1],)"])
def inv_bad(a):
    return np.linalg.inv(a)


@njit
def inv_roundtrip(a):
    ai = np.linalg.inv(a)
    return np.round(a @ ai, 12), np.round(np.linalg.inv(ai), 12)


@njit
def inv_lazy(a):
    return np.linalg.inv(a)


A = np.array([[4.0, 7.0], [2.0, 6.0]])
H = np.array([[2.0, 1.0, 0.0], [1.0, 2.0, 1.0], [0.0, 1.0, 2.0]])
Z = np.array([[1 + 1j, 2.0], [0.0, 1 - 1j]])

CALLS = [
    ("inv", (A,)),
    ("inv", (np.asfortranarray(H),)),
    ("inv", (np.eye(6)[::2, ::2] * 4.0,)),
    ("inv", (A.astype(np.float32),)),
    ("inv", (Z,)),
    ("inv", (np.asfortranarray(Z.astype(np.complex64)),)),
    ("inv", (np.zeros((0, 0)),)),
    ("inv", (np.array([[1.0, 2.0], [2.0, 4.0]]),)),
    ("inv", (np.ones((2, 3)),)),
    ("inv", (np.array([[1.0, np.nan], [0.0, 1.0]]),)),
    ("inv", (np.array([[np.inf, 0.0], [0.0, 1.0]]),)),
    ("inv", (np.zeros((3, 3)),)),
    ("inv_roundtrip", (H,)),
    ("inv_roundtrip", (Z,)),
    ("inv_lazy", (np.array([[2, 0], [0, 2]]),)),
    ("inv_lazy", (np.array([[2.0]]),)),
]
