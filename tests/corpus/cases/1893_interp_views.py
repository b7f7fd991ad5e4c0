import numpy as np
from numba import njit


@njit("(float64[:], float64[:], float64[:])")
def interp_a(x, xp, fp):
    return np.interp(x, xp, fp)


@njit("(float64, float64[:], int64[:])")
def interp_s(x, xp, fp):
    return np.interp(x, xp, fp)


@njit("(int64[:, :], int64[:], float64[:])")
def interp_2d(x, xp, fp):
    return np.interp(x, xp, fp)


@njit("(float64[:, :], int64)")
def views(a, k):
    return np.expand_dims(a, k), np.swapaxes(a, 0, -1), np.expand_dims(a[0], -1)


@njit("(float64[:], float64)")
def ntn(a, v):
    b = np.nan_to_num(a, nan=v, posinf=1e3)
    c = np.nan_to_num(a, copy=False, neginf=-7.0)
    return b, c, np.nan_to_num(np.nan, nan=v)


CALLS = [
    ("interp_a", (np.array([-1.0, 0.5, 1.0, 2.5, 6.0, 9.0, np.nan, np.inf]), np.array([0.0, 1.0, 1.0, 2.0, 3.0, 3.0, 4.0, 9.0]), np.arange(8.0) ** 1.5)),
    ("interp_a", (np.array([0.5, 3.3, 7.0, 1.2, 2.2]), np.array([3.0, 1.0, 2.0, 5.0, 4.0, 0.0, 6.0]), np.array([1.0, -2.0, 0.5, 4.0, 2.0, 1.0, 0.0]))),
    ("interp_a", (np.array([1.0, 2.0]), np.array([3.0]), np.array([7.0]))),
    ("interp_a", (np.array([1.0, 2.0]), np.array([1.0, 2.0]), np.array([1.0]))),
    ("interp_s", (2.5, np.array([1.0, 2.0, 3.0]), np.array([1, 4, 9]))),
    ("interp_2d", (np.arange(12).reshape(3, 4), np.array([0, 3, 6, 11]), np.array([1.0, -1.0, 2.0, 0.5]))),
    ("views", (np.arange(6.0).reshape(2, 3), 1)),
    ("views", (np.arange(6.0).reshape(2, 3), 3)),
    ("ntn", (np.array([1.0, np.nan, np.inf, -np.inf]), 5.0)),
]
