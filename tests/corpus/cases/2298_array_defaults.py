# Parameters whose default is a NumPy array (umap's `sigma=_mock_ones`, QuantEcon's
# `b=np.zeros(2)`): calls leaving them out, from Python and from other jit functions.
import numpy as np
from numba import njit

_mock_ones = np.ones(1, dtype=np.float64)
_weights = np.exp(np.arange(3.0))
_table = np.array([[1, 2], [3, 4]])


@njit
def scaled_dist(x, y, sigma=_mock_ones):
    s = 0.0
    for i in range(x.shape[0]):
        s += ((x[i] - y[i]) / sigma[0]) ** 2
    return np.sqrt(s)


@njit
def weighted(x, w=_weights, scale=2.0):
    return (x * w).sum() * scale


@njit
def affine(a, b=np.zeros(2), c=3):
    return a * (b.sum() + 1.0) + c


@njit
def table_sum(k, t=_table):
    return t.sum() * k + t[1, 0]


@njit
def caller(x):
    y = x + 1.0
    return scaled_dist(x, y) + scaled_dist(x, y, np.full(1, 2.0)) + weighted(x) + weighted(x, scale=1.0) + table_sum(2)


@njit
def default_shape(b=np.zeros((2, 3))):
    return b.shape[0] * 10 + b.shape[1]


CALLS = [
    ("scaled_dist", (np.arange(3.0), np.arange(3.0) + 1.0)),
    ("scaled_dist", (np.arange(3.0), np.arange(3.0) + 1.0, np.full(1, 2.0))),
    ("weighted", (np.arange(3.0),)),
    ("weighted", (np.arange(3.0), np.ones(3))),
    ("affine", (2.5,)),
    ("affine", (2.5, np.ones(2))),
    ("table_sum", (3,)),
    ("caller", (np.arange(3.0),)),
    ("default_shape", ()),
]
