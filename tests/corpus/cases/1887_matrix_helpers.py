# np.identity, np.eye (rectangular, offsets, dtype), np.diag in both directions with offsets,
# np.tril/np.triu with offsets, np.trace with an offset, np.nan_to_num of scalars and arrays.
import numpy as np
from numba import njit


@njit("(int64, int64, int64)")
def eyes(n, m, k):
    return np.identity(n), np.eye(n, m, k), np.eye(n, m, -k), np.eye(n, dtype=np.int32), np.eye(n, M=m)


@njit(["(float64[:], int64)", "(int64[:], int64)"])
def diag_of_vector(v, k):
    return np.diag(v), np.diag(v, k), np.diag(v, -k)


@njit(["(float64[:, :], int64)", "(int32[:, :], int64)"])
def diag_of_matrix(a, k):
    return np.diag(a), np.diag(a, k), np.diag(a, -k), np.tril(a), np.triu(a), np.tril(a, k), np.triu(a, -k)


@njit(["(float64[:, :], int64)", "(float32[:, :], int64)"])
def traces(a, k):
    return np.trace(a), np.trace(a, k), np.trace(a, -k)


@njit(["(float64[:],)", "(float32[:],)", "(int64[:],)"])
def cleaned(x):
    return np.nan_to_num(x)


@njit(["(float64,)", "(int64,)"])
def cleaned_scalar(x):
    return np.nan_to_num(x)


CALLS = [
    ("eyes", (3, 4, 1)),
    ("eyes", (2, 2, 5)),
    ("diag_of_vector", (np.array([1.0, 2.0, 3.0]), 1)),
    ("diag_of_vector", (np.array([4, 5], dtype=np.int64), 2)),
    ("diag_of_matrix", (np.arange(12.0).reshape(3, 4), 1)),
    ("diag_of_matrix", (np.arange(12, dtype=np.int32).reshape(4, 3)[::-1], 2)),
    ("diag_of_matrix", (np.arange(6.0).reshape(2, 3).T, 7)),
    ("traces", (np.arange(12.0).reshape(3, 4), 1)),
    ("traces", (np.arange(9, dtype=np.float32).reshape(3, 3), 5)),
    ("cleaned", (np.array([np.nan, np.inf, -np.inf, 1.5]),)),
    ("cleaned", (np.array([np.nan, np.inf, -np.inf, 1.5], dtype=np.float32),)),
    ("cleaned", (np.array([3, -4], dtype=np.int64),)),
    ("cleaned_scalar", (np.inf,)),
    ("cleaned_scalar", (np.nan,)),
    ("cleaned_scalar", (7,)),
]
