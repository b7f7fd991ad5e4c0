import numpy as np
from numba import njit


@njit(["(float64[:], float64[:])", "(int64[:], float32[:])"])
def sort_by_key(keys, vals):
    order = np.argsort(keys)
    return keys[order], vals[order]


@njit(["(float64[:, :], int64[:])", "(float32[:, :], intp[:])"])
def take_rows(a, idx):
    return a[idx, :]


@njit(["(float64[:, :], int64[:])"])
def take_cols(a, idx):
    b = a[:, idx]
    return b


@njit("(float64[:], float64[:])")
def fancy_float_idx_bad(a, idx):
    return a[idx]


CALLS = [("sort_by_key", (np.array([2.0, 1.0]), np.array([5.0, 6.0])))]
