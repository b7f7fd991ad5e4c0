import numpy as np
from numba import njit


@njit("(float64[:, :], int64[:], int64[:])")
def pairs(a, i, j):
    return a[i, j]


@njit("(float64[:, :], int64[:, :], int64[:])")
def pairs_broadcast(a, i, j):
    return a[i, j]


@njit(["(float64[:, :], int64[:])", "(float32[:, :], int32[:])", "(int64[::1, :], uint8[:])"])
def rows(a, i):
    return a[i, :]


@njit(["(float64[:, :], int64[:])", "(float64[::1, :], int64[:])"])
def cols(a, i):
    return a[:, i]


@njit("(float64[:, :], int64[:, :])")
def rows_2d(a, i):
    return a[i]


@njit("(float64[:, :], int64[:])")
def with_newaxis(a, i):
    return a[None, i], a[i, None], a[1, None, i]


@njit("(float64[:, :, :], int64[:])")
def split_groups(a, i):
    return a[i, :, i]


@njit("(float64[:, :, :], int64[:])")
def after_ellipsis(a, i):
    return a[..., i], a[..., 1], a[1, ...]


@njit("(float64[:, :], int64[:])")
def last_column(a, i):
    return a[i, -1]


@njit("(float64[:, :], boolean[:])")
def masked(a, m):
    return a[1:, m], a[m, ::2]


@njit("(float64[:, :], int64[:], float64)")
def fill_rows(a, i, v):
    a[i, 1:] = v
    return a


@njit(["(float64[:, :], int64[:], float64[:, :])", "(float64[:, :], int64[:], float64[:])"])
def put_block(a, i, v):
    a[i, 1:] = v
    return a


@njit("(float64[:], int64[:], List(float64, reflected=True))")
def put_list(a, i, v):
    a[i] = v
    return a


@njit("(float64[:, :], int64[:], int64[:])")
def transpose_some(a, i, j):
    a[i, j] = a[j, i]
    return a


@njit("(float64[:, :], boolean[:], boolean[:], float64)")
def fill_mask_pairs(a, m1, m2, v):
    a[m1, m2] = v
    return a


@njit("(float64[:, :], float64[:])")
def put_ellipsis(a, v):
    a[..., 1] = v
    return a


@njit("(float64[:, :], int64[:])", boundscheck=True)
def checked(a, i):
    return a[i, 0]


@njit("(float64[:, :], boolean[:, :])")
def mask_2d(a, m):
    return a[m]


@njit("(float64[:, :], boolean[:], int64[:])")
def mask_and_index(a, m, i):
    return a[m, i]


CALLS = [
    ("pairs", (np.arange(12.0).reshape(3, 4), np.array([0, 2, -1]), np.array([1, 3, 0]))),
    ("pairs", (np.arange(12.0).reshape(3, 4), np.array([0, 2]), np.array([1, 3, 0]))),
    ("pairs_broadcast", (np.arange(12.0).reshape(3, 4), np.array([[0], [2]]), np.array([1, 3]))),
    ("rows", (np.arange(12.0).reshape(3, 4), np.array([2, 0, 2]))),
    ("rows", (np.arange(12.0).reshape(3, 4), np.array([], dtype=np.int64))),
    ("rows", (np.arange(12, dtype=np.float32).reshape(3, 4), np.array([-1, 1], dtype=np.int32))),
    ("rows", (np.asfortranarray(np.arange(12).reshape(3, 4)), np.array([2, 1], dtype=np.uint8))),
    ("cols", (np.arange(12.0).reshape(3, 4), np.array([3, -4]))),
    ("cols", (np.asfortranarray(np.arange(12.0).reshape(3, 4)), np.array([3, 1]))),
    ("rows_2d", (np.arange(12.0).reshape(3, 4), np.array([[0, 2], [1, 1]]))),
    ("with_newaxis", (np.arange(12.0).reshape(3, 4), np.array([0, 2]))),
    ("split_groups", (np.arange(24.0).reshape(2, 3, 4), np.array([0, 1]))),
    ("after_ellipsis", (np.arange(24.0).reshape(2, 3, 4), np.array([0, 1, 3]))),
    ("last_column", (np.arange(12.0).reshape(3, 4), np.array([-1, 0]))),
    ("masked", (np.arange(12.0).reshape(3, 4)[:, :3], np.array([True, False, True]))),
    ("fill_rows", (np.arange(12.0).reshape(3, 4), np.array([0, 2]), 7.0)),
    ("put_block", (np.arange(12.0).reshape(3, 4), np.array([0, 2]), np.ones((2, 3)))),
    ("put_block", (np.arange(12.0).reshape(3, 4), np.array([0, 2]), np.ones((2, 1)))),
    ("put_block", (np.arange(12.0).reshape(3, 4), np.array([0, 2]), np.ones((3, 3)))),
    ("put_block", (np.arange(12.0).reshape(3, 4), np.array([0, 2]), np.array([5.0, 6.0, 7.0]))),
    ("put_block", (np.arange(12.0).reshape(3, 4), np.array([0, 2]), np.array([5.0, 6.0, 7.0, 8.0]))),
    ("put_list", (np.zeros(5), np.array([4, 0]), [1.0, 2.0])),
    ("put_list", (np.zeros(5), np.array([4, 0]), [1.0, 2.0, 3.0])),
    ("transpose_some", (np.arange(12.0).reshape(3, 4), np.array([0, 1, 2]), np.array([1, 2, 0]))),
    ("fill_mask_pairs", (np.zeros((3, 3)), np.array([True, False, True]), np.array([False, True, True]), 1.0)),
    ("fill_mask_pairs", (np.zeros((3, 4)), np.array([True, False, True]), np.array([False, True, True, True]), 1.0)),
    ("put_ellipsis", (np.arange(12.0).reshape(3, 4), np.array([1.0, 2.0, 3.0]))),
    ("put_ellipsis", (np.arange(12.0).reshape(3, 4), np.array([1.0, 2.0]))),
    ("checked", (np.arange(12.0).reshape(3, 4), np.array([2, -3]))),
    ("checked", (np.arange(12.0).reshape(3, 4), np.array([5]))),
]
