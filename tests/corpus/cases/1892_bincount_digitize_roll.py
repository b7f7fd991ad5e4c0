import numpy as np
from numba import njit


@njit("(int64[:], float64[:], int64)")
def counts(a, w, m):
    return np.bincount(a), np.bincount(a, weights=w), np.bincount(a, minlength=m)


@njit("(float64[:], float64[:])")
def dig(x, bins):
    return np.digitize(x, bins), np.digitize(x, bins, right=True), np.digitize(x[0], bins)


@njit("(float64[:, :], int64)")
def rolls(a, k):
    return np.roll(a, k), np.flip(a), np.fliplr(a), np.flipud(a), np.roll(a[0], -k)


@njit("(float64[:, :], int64)")
def cums(a, ax):
    return np.cumsum(a, axis=ax), np.cumsum(a[0], axis=0)


@njit("(int32[:, :, :],)")
def cums3(a):
    return np.cumsum(a, axis=1), np.cumsum(a, axis=-1), np.cumsum(a, 0)


CALLS = [
    ("counts", (np.array([0, 3, 1, 3, 7]), np.linspace(0.5, 2.5, 5), 10)),
    ("counts", (np.array([1, -2, 3]), np.linspace(0.5, 2.5, 3), 0)),
    ("dig", (np.array([-1.0, 0.0, 1.0, 1.5, 2.5, 3.0, 9.0, np.nan]), np.array([0.0, 1.0, 1.0, 2.5, 4.0]))),
    ("dig", (np.array([-1.0, 0.0, 1.0, 1.5, 2.5, 3.0, 9.0, np.nan]), np.array([4.0, 2.5, 1.0, 1.0, 0.0]))),
    ("dig", (np.array([0.5, 1.0, 2.0]), np.array([1.0, 1.0]))),
    ("dig", (np.array([0.5, 1.0, 2.0]), np.array([1.0, 3.0, 2.0]))),
    ("rolls", (np.arange(12.0).reshape(3, 4), 5)),
    ("rolls", (np.arange(12.0).reshape(3, 4), -13)),
    ("cums", (np.arange(12.0).reshape(3, 4), 0)),
    ("cums", (np.arange(12.0).reshape(3, 4), -1)),
    ("cums", (np.arange(12.0).reshape(3, 4), 2)),
    ("cums3", (np.arange(24, dtype=np.int32).reshape(2, 3, 4),)),
]
