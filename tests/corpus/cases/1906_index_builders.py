# Index arrays and matrices of powers, as Numba's arraymath.py builds them: tril/triu_indices
# (and _from), argwhere, flatnonzero, vander.
import numpy as np
from numba import njit

@njit(["(float64[:],)", "(int32[:],)", "(float32[::1],)", "(boolean[:],)", "(complex64[:],)"])
def vand(a):
    return np.vander(a), np.vander(a, 3, True), np.vander(a, 0)

@njit("(int64, int64, int64)")
def tri_idx(n, k, m):
    return np.triu_indices(n), np.tril_indices(n, k, m), np.triu_indices(n, k), np.tril_indices(n)

@njit("(float64[:, :], int64)")
def tri_from(a, k):
    return np.triu_indices_from(a), np.tril_indices_from(a, k), np.triu_indices_from(a, k)

@njit(["(float64[:, :],)", "(int64[:],)", "(boolean[:, :, :],)"])
def wheres(a):
    w = np.argwhere(a)
    return w, np.flatnonzero(a), w.shape

@njit(["(float64,)", "(int64,)", "(boolean,)"])
def wheres_scalar(x):
    return np.argwhere(x), np.flatnonzero(x)


@njit("(float64[:, :],)")
def vander_2d(a):
    return np.vander(a)


CALLS = [
    ("vander_2d", (np.ones((2, 2)),)),
    ("vand", (np.array([1.0, 2.0, 3.0, 0.5]),)),
    ("vand", (np.array([2, -3, 4], dtype=np.int32),)),
    ("vand", (np.array([0.1, 3.0], dtype=np.float32),)),
    ("vand", (np.array([True, False]),)),
    ("vand", (np.array([1 + 2j, 0.5j], dtype=np.complex64),)),
    ("vand", (np.array([], dtype=np.float64),)),
    ("tri_idx", (4, 1, 3)),
    ("tri_idx", (3, -1, 5)),
    ("tri_idx", (0, 0, 2)),
    ("tri_idx", (-2, 0, 2)),
    ("tri_from", (np.zeros((3, 4)), 1)),
    ("tri_from", (np.zeros((4, 2)), -2)),
    ("wheres", (np.array([[0.0, 1.5], [np.nan, 0.0], [-0.0, 2.0]]),)),
    ("wheres", (np.array([0, 3, 0, 7]),)),
    ("wheres", (np.zeros((2, 2, 2), dtype=np.bool_),)),
    ("wheres", (np.arange(8).reshape(2, 2, 2) % 3 == 0,)),
    ("wheres_scalar", (0.0,)),
    ("wheres_scalar", (3,)),
    ("wheres_scalar", (True,)),
]
