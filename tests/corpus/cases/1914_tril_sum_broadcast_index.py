import numpy as np
from numba import njit

@njit("(int64, float32, boolean)")
def sums(n, x, b):
    return np.sum(n), np.sum(x), np.sum(b)

@njit(["(float64[:], int64)", "(float64[:, :, :], int64)", "(int32[::1, :, :], int64)", "(float64[:, ::1], int64)"])
def tri(a, k):
    return np.tril(a, k), np.triu(a, k), np.tril(a)

@njit("(int64,)")
def bto(n):
    return np.broadcast_to(n, 3), np.broadcast_to(n, (2, 2)), np.broadcast_to(n, ())

@njit("(float64,)")
def bto_f(x):
    return np.broadcast_to(x, -1)

@njit("(UniTuple(int64, 3), int64)")
def tidx(t, v):
    return t.index(v)


CALLS = [("sums", (5, 2.5, True)),
 ("tri", (np.arange(1.0, 4.0), 0)), ("tri", (np.arange(1.0, 4.0), -1)), ("tri", (np.arange(1.0, 25.0).reshape(2, 3, 4), 1)),
 ("tri", (np.asfortranarray(np.arange(24, dtype=np.int32).reshape(2, 3, 4)), 0)), ("tri", (np.arange(6.0).reshape(2, 3), 2)),
 ("bto", (7,)), ("bto_f", (1.5,)),
 ("tidx", ((1, 2, 3), 2)), ("tidx", ((1, 2, 2), 2)), ("tidx", ((1, 2, 3), 5)),
]
