# np.linalg of an array that may be None, after an `is None` test: Numba's
# `_check_linalg_matrix` lets the Optional through and the overload then reads its `dtype`
# (AttributeError); np.linalg.norm's check refuses it (TypingError).
import numpy as np
from numba import njit


@njit
def det_opt(a, flag):
    x = a if flag else None
    if x is None:
        return 0.0
    return np.linalg.det(x)


@njit
def inv_opt(a, flag):
    x = a if flag else None
    if x is None:
        return a
    return np.linalg.inv(x)


@njit
def norm_opt(a, flag):
    x = a if flag else None
    if x is None:
        return 0.0
    return np.linalg.norm(x)


@njit("float64(float64[:, ::1], boolean)")
def det_eager(a, flag):
    x = a if flag else None
    if x is None:
        return 0.0
    return np.linalg.det(x)


CALLS = [
    ("det_opt", (np.eye(2), True)),
    ("inv_opt", (np.eye(2), True)),
    ("norm_opt", (np.ones(3), True)),
]
