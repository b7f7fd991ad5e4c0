# np.linalg.lstsq: (x, residues, rank, sv) tuple, over/under-determined,
# 1-d and 2-d b, rcond, rank deficiency, dtypes and errors.
import numpy as np
from numba import njit


@njit(["(float64[:, ::1], float64[::1])", "(float64[:, :], float64[:, :])",
       "(float32[:, ::1], float32[::1])", "(complex128[:, ::1], complex128[::1])"])
def lstsq(a, b):
    x, res, rank, sv = np.linalg.lstsq(a, b)
    return np.round(x, 10), np.round(res, 8), rank, np.round(sv, 8)


@njit(["(float64[:, ::1], float64[::1], float64)", "(float64[:, ::1], float64[::1], int64)"])
def lstsq_rcond(a, b, rcond):
    x, res, rank, sv = np.linalg.lstsq(a, b, rcond)
    return np.round(x, 10), rank


@njit
def lstsq_types(a, b):
    r = np.linalg.lstsq(a, b)
    return r[1].dtype, r[2], r[3].dtype, r[0].shape, r[1].shape


@njit(["(float64[:, ::1], float32[::1])", "(int64[:, ::1], int64[::1])",
       "(float64[::1], float64[::1])"])
def lstsq_bad(a, b):
    return np.linalg.lstsq(a, b)


Tall = np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
y = np.array([1.0, 3.0, 5.0, 8.0])
Def = np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]])

CALLS = [
    ("lstsq", (Tall, y)),
    ("lstsq", (Tall, np.stack((y, 2 * y), axis=1))),
    ("lstsq", (np.asfortranarray(Tall), np.asfortranarray(np.stack((y, y), axis=1)))),
    ("lstsq", (Tall.astype(np.float32), y.astype(np.float32))),
    ("lstsq", (Tall + 0j, y * 1j)),
    ("lstsq", (np.array([[1.0, 2.0, 3.0]]), np.array([6.0]))),
    ("lstsq", (np.array([[2.0, 0.0], [0.0, 4.0]]), np.array([2.0, 2.0]))),
    ("lstsq", (Def, np.array([1.0, 2.0, 3.0]))),
    ("lstsq", (Tall, np.ones(3))),
    ("lstsq", (Tall, np.array([1.0, np.nan, 0.0, 0.0]))),
    ("lstsq", (np.zeros((0, 2)), np.zeros(0))),
    ("lstsq_rcond", (Def, np.array([1.0, 2.0, 3.0]), 0.5)),
    ("lstsq_rcond", (np.array([[1.0, 0.0], [0.0, 1e-8]]), np.array([1.0, 1.0]), 1e-6)),
    ("lstsq_rcond", (np.array([[1.0, 0.0], [0.0, 1e-8]]), np.array([1.0, 1.0]), -1)),
    ("lstsq_types", (Tall, y)),
    ("lstsq_types", (Tall.astype(np.complex64), y.astype(np.complex64))),
    ("lstsq_types", (Def, np.ones((3, 2)))),
]
