# np.cov and np.corrcoef: 1-d/2-d inputs, y argument, rowvar, bias, ddof,
# integer and complex inputs, degenerate cases.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1],)", "(float64[:, :],)", "(float64[::1],)",
       "(int64[:, ::1],)", "(complex128[:, ::1],)", "(float32[::1],)"])
def cov(m):
    c = np.cov(m)
    return c


@njit
def cov_opts(m, y):
    return (np.cov(m, y), np.cov(m, rowvar=False), np.cov(m, bias=True),
            np.cov(m, ddof=0), np.cov(m, y, False, True))


@njit(["(float64[:, ::1],)", "(float64[::1],)", "(int64[:, ::1],)",
       "(complex128[:, :],)"])
def corrcoef(x):
    r = np.corrcoef(x)
    return np.round(r, 12)


@njit
def corrcoef_xy(x, y):
    return np.round(np.corrcoef(x, y), 12), np.round(np.corrcoef(x, y, rowvar=False), 12)


@njit(["(float64[:, :, ::1],)", "(unicode_type,)"])
def cov_bad(m):
    return np.cov(m)


X = np.array([[0.0, 1.0, 2.0, 3.0], [3.0, 1.0, 0.0, 2.0], [1.0, 1.0, 1.0, 5.0]])
x = np.array([1.0, 2.0, 4.0, 7.0])
y = np.array([2.0, 1.0, 0.0, -3.0])

CALLS = [
    ("cov", (X,)),
    ("cov", (np.asfortranarray(X)[:, ::2],)),
    ("cov", (x,)),
    ("cov", (np.array([[1, 2, 3], [6, 5, 1]]),)),
    ("cov", (np.array([[1.0 + 1j, 2.0, 3.0 - 1j], [0.0, 1j, 2.0]]),)),
    ("cov", (x.astype(np.float32),)),
    ("cov", (np.array([5.0]),)),
    ("cov", (np.zeros((2, 0)),)),
    ("cov_opts", (x, y)),
    ("cov_opts", (X[:2].T.copy(), X[2])),
    ("corrcoef", (X,)),
    ("corrcoef", (x,)),
    ("corrcoef", (np.array([[1, 2, 3], [6, 5, 1]]),)),
    ("corrcoef", (np.array([[1.0 + 1j, 2.0, 3.0 - 1j], [0.0, 1j, 2.0]]),)),
    ("corrcoef", (np.array([[1.0, 1.0, 1.0], [1.0, 2.0, 3.0]]),)),
    ("corrcoef_xy", (x, y)),
    ("corrcoef_xy", (x, 2.0 * x + 1.0)),
]
