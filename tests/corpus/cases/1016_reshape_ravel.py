import numpy as np
from numba import njit


@njit(["(float64[::1], int64)", "(int32[::1], int64)"])
def to_matrix(a, ncol):
    m = a.reshape((a.size // ncol, ncol))
    back = m.ravel()
    flat = np.ravel(m.T)
    auto = a.reshape(-1, ncol)
    return m, back, flat, auto


@njit(["(float64[:, :],)", "(float64[:, ::1],)"])
def flatten_2d(a):
    f = a.flatten()
    r = a.ravel()
    return f, r


@njit("(float64[:], int64)")
def reshape_noncontig(a, ncol):
    return a.reshape((a.size // ncol, ncol))


CALLS = [("to_matrix", (np.arange(6.0), 2))]
