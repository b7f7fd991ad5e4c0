import numpy as np
from numba import njit


@njit(["(float64[:, :],)", "(int64[:, :],)"])
def tri_parts(a):
    return np.triu(a), np.tril(a, -1), np.diag(a), np.trace(a)


@njit(["(float64[:],)", "(int32[:],)"])
def make_diag(v):
    d = np.diag(v)
    e = np.eye(v.shape[0], dtype=np.float32)
    return d, e + d


@njit(["(int64,)"])
def ident(n):
    return np.identity(n), np.eye(n, n, 1)


CALLS = [("ident", (2,))]
