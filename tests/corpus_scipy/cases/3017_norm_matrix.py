# np.linalg.norm on 2-d arrays: ord None/'fro'/'nuc'/1/-1/2/-2/inf/-inf,
# dtypes, layouts, empty matrices and invalid ords.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[::1, :],)", "(float64[:, :],)",
       "(float32[:, ::1],)", "(complex128[:, ::1],)", "(complex64[:, :],)"])
def norm_default(a):
    n = np.linalg.norm(a)
    return n


@njit
def norm_ords(a):
    return (np.linalg.norm(a, None), np.linalg.norm(a, 'fro'),
            np.round(np.linalg.norm(a, 'nuc'), 10), np.linalg.norm(a, 1),
            np.linalg.norm(a, -1), np.round(np.linalg.norm(a, 2), 10),
            np.round(np.linalg.norm(a, -2), 10), np.linalg.norm(a, np.inf),
            np.linalg.norm(a, -np.inf))


@njit
def norm_one(a, o):
    return np.linalg.norm(a, o)


@njit(["(float64[:, ::1],)"])
def norm_bad_string(a):
    return np.linalg.norm(a, 'max')


@njit(["(float64[:, :, ::1],)"])
def norm_3d(a):
    return np.linalg.norm(a)


A = np.array([[1.0, -2.0], [3.0, 4.0]])
W = np.array([[1.0, 2.0, 3.0], [-4.0, 5.0, -6.0]])
Z = np.array([[3.0 + 4j, 0.0], [1j, -1.0]])

CALLS = [
    ("norm_default", (A,)),
    ("norm_default", (np.asfortranarray(W),)),
    ("norm_default", (W[:, ::2],)),
    ("norm_default", (A.astype(np.float32),)),
    ("norm_default", (Z,)),
    ("norm_default", (Z.astype(np.complex64),)),
    ("norm_default", (np.zeros((0, 3)),)),
    ("norm_ords", (A,)),
    ("norm_ords", (W,)),
    ("norm_ords", (np.asfortranarray(W.T),)),
    ("norm_ords", (A.astype(np.float32),)),
    ("norm_ords", (Z,)),
    ("norm_ords", (np.diag(np.array([2.0, 3.0])),)),
    ("norm_one", (np.zeros((0, 0)), 1)),
    ("norm_one", (np.zeros((0, 0)), 2)),
    ("norm_one", (np.zeros((0, 0)), None)),
    ("norm_one", (A, 3)),
    ("norm_one", (A, 'nuc')),
    ("norm_one", (np.array([[np.nan, 1.0], [1.0, 1.0]]), 2)),
    ("norm_one", (np.array([[np.nan, 1.0], [1.0, 1.0]]), 1)),
]
