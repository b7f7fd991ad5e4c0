import numpy as np
from numba import njit


@njit
def hist(a, bins):
    return np.histogram(a, bins)


@njit
def hist_range(a, bins, lo, hi):
    return np.histogram(a, bins, (lo, hi))


@njit
def dig(x, bins):
    return np.digitize(x, bins)


@njit
def dig_r(x, bins):
    return np.digitize(x, bins, right=True)


@njit
def ss(a, v):
    return np.searchsorted(a, v)


@njit
def ss_r(a, v):
    return np.searchsorted(a, v, side="right")


@njit
def bc(a):
    return np.bincount(a)


@njit
def bc_w(a, w):
    return np.bincount(a, w)


@njit
def bc_ml(a, m):
    return np.bincount(a, minlength=m)


CALLS = [
    ("hist", (np.array([0.0, 0.5, 1.0, 1.0, 2.0]), 2)),
    ("hist", (np.array([1.0, 1.0]), 3)),
    ("hist", (np.array([0.0, np.nan, 1.0]), 2)),
    ("hist", (np.array([0.0, np.inf]), 2)),
    ("hist", (np.zeros(0), 3)),
    ("hist", (np.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]), 3)),
    ("hist", (np.array([1, 2, 3, 4]), 3)),
    ("hist", (np.array([0.0, 0.5, 1.0, 2.0]), np.array([0.0, 1.0, 2.0]))),
    ("hist", (np.array([0.0, 0.5, 1.0, 2.0, np.nan]), np.array([0.0, 1.0, 2.0]))),
    ("hist_range", (np.array([0.0, 0.5, 1.0, 2.0, -1.0]), 4, 0.0, 1.0)),
    ("hist_range", (np.array([0.0, 0.5]), 2, 1.0, 1.0)),
    ("hist_range", (np.array([0.0, 0.5]), 2, 2.0, 1.0)),
    ("dig", (np.array([-1.0, 0.0, 0.5, 1.0, 2.0, np.nan]), np.array([0.0, 1.0]))),
    ("dig", (np.array([-1.0, 0.0, 0.5, 1.0, 2.0, np.nan]), np.array([1.0, 0.0]))),
    ("dig_r", (np.array([-1.0, 0.0, 0.5, 1.0, 2.0, np.nan]), np.array([0.0, 1.0]))),
    ("dig_r", (np.array([-1.0, 0.0, 0.5, 1.0, 2.0, np.nan]), np.array([1.0, 0.0]))),
    ("dig", (np.array([1, 2, 3]), np.array([0.0, np.nan]))),
    ("ss", (np.array([1.0, 2.0, np.nan]), np.nan)), ("ss", (np.array([1.0, 2.0, np.nan]), 3.0)),
    ("ss", (np.array([1.0, 2.0, np.nan]), np.array([np.nan, -np.inf, 2.0]))),
    ("ss_r", (np.array([1.0, 2.0, 2.0, np.nan, np.nan]), np.array([np.nan, 2.0]))),
    ("ss", (np.array([-0.0, 0.0]), 0.0)), ("ss_r", (np.array([-0.0, 0.0]), -0.0)),
    ("ss", (np.array([1, 3, 5]), 4.5)), ("ss", (np.zeros(0), 1.0)),
    ("ss", (np.array([1 + 1j, 1 + 2j]), 1 + 1.5j)),
    ("bc", (np.array([0, 1, 1, 3]),)), ("bc", (np.zeros(0, dtype=np.int64),)), ("bc", (np.array([0, -1]),)),
    ("bc", (np.array([2, 1], dtype=np.uint8),)),
    ("bc_w", (np.array([0, 1, 1]), np.array([0.5, np.nan, 1.0]))),
    ("bc_w", (np.array([0, 1, 1]), np.array([1, 2, 3]))),
    ("bc_ml", (np.array([0, 1]), 5)), ("bc_ml", (np.array([0, 1]), 0)), ("bc_ml", (np.array([0, 1]), -1)),
]
