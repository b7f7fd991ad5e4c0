# np.average (Numba's np_average): the mean; with weights, sum(a * w) / sum(w) after its checks
# (1-d weights when the shapes differ, a zero weight sum is ZeroDivisionError); a.nbytes.
import numpy as np
from numba import njit

@njit
def avg(a):
    return np.average(a)

@njit
def avg_w(a, w):
    return np.average(a, weights=w)

@njit
def avg_wp(a, w):
    return np.average(a, None, w)

@njit
def nb(a):
    return a.nbytes, a.itemsize, a.size

@njit
def avg_w2(a, w):
    return np.average(a, weights=w)


@njit(["(float32[::1], int64[::1])", "(float32[::1], float32[::1])", "(int32[::1], uint8[::1])"])
def eager_weighted(a, w):
    return np.average(a, weights=w)


CALLS = [
    ("avg", (np.arange(5.0),)),
    ("avg", (np.arange(5),)),
    ("avg_w", (np.array([1.0, 2.0, 3.0]), np.array([3.0, 1.0, 0.5]))),
    ("avg_w", (np.array([1, 2, 3]), np.array([3, 1, 0]))),
    ("avg_w", (np.array([1.0, 2.0]), np.array([0.0, 0.0]))),
    ("avg_wp", (np.array([1.0, 2.0, 3.0]), np.array([3.0, 1.0, 0.5]))),
    ("nb", (np.zeros((2, 5), dtype=np.float32),)),
    ("avg_w2", (np.arange(6.0).reshape(2, 3), np.array([1.0, 2.0, 3.0]))),
    ("avg_w2", (np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(2, 3))),
    ("avg_w2", (np.arange(6.0).reshape(2, 3), np.array([1.0, 2.0]))),
    ("avg_w2", (np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(3, 2))),
    ("avg_w2", (np.arange(3.0).reshape(3, 1), np.array([1.0, 2.0, 4.0]))),
    ("avg_w2", (np.arange(6.0).reshape(2, 3), np.array([2.0]))),
    ("avg_w2", (np.arange(6.0, dtype=np.float32), np.arange(6.0, dtype=np.float32))),
    ("avg_w2", (np.arange(6.0, dtype=np.float32), np.arange(6))),
    ("avg_w2", (np.arange(6, dtype=np.int32), np.arange(6, dtype=np.uint8))),
    ("avg_w2", (np.arange(6.0).reshape(2, 3).T, np.arange(6.0).reshape(3, 2))),
    ("eager_weighted", (np.arange(4.0, dtype=np.float32), np.arange(4))),
]
