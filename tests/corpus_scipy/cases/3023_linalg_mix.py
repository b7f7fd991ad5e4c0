# A mix of np.dot/@/vdot and np.linalg calls over dtypes and layouts, with their errors
import numpy as np
from numba import njit

@njit
def mm(a, b):
    return a @ b

@njit
def d(a, b):
    return np.dot(a, b)

@njit
def vd(a, b):
    return np.vdot(a, b)

@njit
def meth(a, b):
    return a.dot(b)

@njit
def inv(a):
    return np.linalg.inv(a)

@njit
def det(a):
    return np.linalg.det(a)

@njit
def slog(a):
    return np.linalg.slogdet(a)

@njit
def sol(a, b):
    return np.linalg.solve(a, b)

@njit
def cho(a):
    return np.linalg.cholesky(a)

@njit
def eh(a):
    w, v = np.linalg.eigh(a)
    return w, np.abs(v)

@njit
def ev(a):
    return np.linalg.eigvalsh(a)

@njit
def sv(a):
    u, s, vt = np.linalg.svd(a)
    return s, np.round(u @ np.diag(s) @ vt[:len(s)], 10) if a.shape[0] <= a.shape[1] else s, s

@njit
def svs(a, f):
    u, s, vt = np.linalg.svd(a, full_matrices=f)
    return u.shape, s, vt.shape

CALLS = [
    ("mm", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]), np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]))), ("mm", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]), np.arange(6.0).reshape(3, 2))), ("mm", (np.arange(3.0), np.arange(3.0))), ("mm", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]), np.arange(3.0))), ("mm", (np.arange(3.0), np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]))),
    ("mm", (np.asfortranarray(np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])), np.arange(6.0).reshape(3, 2))), ("mm", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])[:, ::2], np.arange(6.0).reshape(3, 2)[::2])), ("mm", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]).astype(np.float32), np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]).astype(np.float32))),
    ("mm", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]) + 1j, np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]) - 2j)), ("mm", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]), np.ones((2, 2)))), ("mm", (np.ones((1, 3)), np.ones((3, 1)))), ("mm", (np.ones((0, 3)), np.ones((3, 2)))),
    ("d", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]), np.arange(6.0).reshape(3, 2))), ("d", (np.arange(3.0), np.arange(4.0))), ("vd", (np.arange(3.0) + 1j, np.arange(3.0) - 1j)), ("meth", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]), np.arange(6.0).reshape(3, 2))),
    ("inv", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]),)), ("inv", (np.asfortranarray(np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])),)), ("inv", (np.ones((2, 2)),)), ("inv", (np.ones((2, 3)),)), ("inv", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]).astype(np.complex64),)),
    ("inv", (np.array([[1.0, np.nan], [0.0, 1.0]]),)), ("inv", (np.zeros((0, 0)),)),
    ("det", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]),)), ("det", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]).astype(np.float32),)), ("det", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]) + 1j,)), ("det", (np.ones((2, 2)),)), ("slog", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]),)), ("slog", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]) * 1j,)),
    ("sol", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]), np.arange(3.0))), ("sol", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]), np.arange(6.0).reshape(3, 2))), ("sol", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]), np.arange(2.0))),
    ("cho", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]),)), ("cho", (-np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]),)), ("cho", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]).astype(np.complex128),)),
    ("eh", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]),)), ("ev", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]),)), ("ev", (np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]) + 0j,)), ("sv", (np.arange(6.0).reshape(3, 2),)), ("sv", (np.arange(6.0).reshape(3, 2).T.copy(),)), ("svs", (np.arange(6.0).reshape(3, 2), False)), ("svs", (np.arange(6.0).reshape(3, 2), True)),
]
