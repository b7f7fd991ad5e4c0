import numpy as np
from numba import njit


@njit(["(float64[::1],)", "(float64[:, ::1],)", "(int32[:, :],)"])
def flips(a):
    return np.flip(a), np.flipud(a), np.expand_dims(a, 0), np.expand_dims(a, -1)


@njit(["(float64[::1], float64[:, :])", "(int64[:], float32[::1])"])
def atleast(a, b):
    x, y = np.atleast_2d(a, b)
    z = np.atleast_1d(a)
    w = np.atleast_3d(b)
    return x, y, z, w


@njit(["(float64[:, ::1], int64)", "(float32[:], int64)", "(float64[:, :, :], int64)"])
def triangles(a, k):
    return np.tril(a, k), np.triu(a), np.tri(3, 4, k)


@njit(["(float64[:, ::1],)", "(complex128[:, :],)", "(float32[:, :],)"])
def diag_trace(a):
    return np.diag(a, 1), np.trace(a), np.diag(np.diag(a))


@njit("(float64[:, :], float64)")
def expand_bad_axis(a, ax):
    return np.expand_dims(a, ax)


CALLS = [("diag_trace", (np.eye(2),))]
