# np.dot of two float vectors in loops and prange bodies (compiled code calls BLAS directly)
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def row_norms(a):
    out = np.empty(a.shape[0])
    for i in prange(a.shape[0]):
        out[i] = np.dot(a[i], a[i])
    return out


@njit
def energy(v, n):
    e = 0.0
    for k in range(n):
        e += np.dot(v, v) * k
    return e


@njit
def strided(a):
    return np.dot(a[::2], a[1::2])


CALLS = [
    ("row_norms", (np.arange(12.0).reshape(4, 3),)),
    ("row_norms", (np.arange(6000.0).reshape(2000, 3),)),
    ("energy", (np.array([1.0, 2.0, 3.0]), 10)),
    ("energy", (np.array([1.0, 2.0, 3.0], dtype=np.float32), 10)),
    ("strided", (np.arange(8.0),)),
]
