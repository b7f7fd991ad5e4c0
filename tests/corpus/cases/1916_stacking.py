import numpy as np
from numba import njit


@njit(["(float64[:], float64[:])", "(float64[:, :], float64[:, :])", "(float64[:, :, :], float64[:, :, :])", "(int64[:, ::1], float32[:, :])"])
def depth(a, b):
    return np.dstack((a, b))


@njit(["(float64[:], float64[:])", "(float64[:, :], float64[:, :])"])
def stacks(a, b):
    return np.vstack((a, b)), np.hstack((a, b)), np.column_stack((a, b))


@njit("(float64[:, :], float64[:, :])")
def joined(a, b):
    return np.concatenate((a, b), axis=1), np.stack((a, b))


@njit(["(float64[:, :],)", "(int64[:],)"])
def bcast(a):
    b = np.broadcast_to(a, (3,) + a.shape)
    lst = np.broadcast_arrays(a, a)
    return b, lst


@njit("(float64[:, :], float64[:], float64[:, :, :])")
def bcast3(a, b, c):
    return np.broadcast_arrays(a, b, c)


CALLS = [
    ("depth", (np.arange(3.0), np.ones(3))),
    ("depth", (np.arange(3.0), np.ones(2))),
    ("depth", (np.arange(6.0).reshape(2, 3), np.ones((2, 3)))),
    ("depth", (np.arange(6.0).reshape(2, 3), np.ones((3, 2)))),
    ("depth", (np.arange(12.0).reshape(2, 3, 2), np.ones((2, 3, 1)))),
    ("depth", (np.arange(12.0).reshape(2, 3, 2), np.ones((2, 2, 1)))),
    ("depth", (np.arange(6).reshape(3, 2), np.ones((3, 2), dtype=np.float32))),
    ("stacks", (np.ones(3), np.arange(3.0))),
    ("stacks", (np.ones(3), np.ones(2))),
    ("stacks", (np.ones((2, 3)), np.ones((2, 3)))),
    ("stacks", (np.ones((2, 3)), np.ones((2, 2)))),
    ("stacks", (np.ones((2, 3)), np.ones((3, 3)))),
    ("joined", (np.ones((2, 3)), np.ones((2, 3)))),
    ("joined", (np.ones((2, 3)), np.ones((3, 2)))),
    ("joined", (np.ones((2, 3)), np.ones((2, 2)))),
    ("bcast", (np.arange(6.0).reshape(2, 3),)),
    ("bcast", (np.arange(3),)),
    ("bcast3", (np.ones((2, 1)), np.arange(3.0), np.zeros((4, 1, 1)))),
    ("bcast3", (np.ones((2, 2)), np.arange(3.0), np.zeros((4, 1, 1)))),
]
