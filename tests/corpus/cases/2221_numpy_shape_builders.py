# Percentiles of a tuple of q, np.repeat of a number, np.hstack/np.vstack of 0-d arrays,
# np.column_stack of 1-d and 2-d arrays, and np.shape of a number.
import numpy as np
from numba import njit


@njit
def pct(a, q):
    return np.percentile(a, q)


@njit
def quantiles(a):
    return np.quantile(a, (0.1, 0.5)), np.nanpercentile(a, (25, 75)), np.nanquantile(a, (0.0, 1.0))


@njit
def bad_q(a):
    return np.percentile(a, (10.0, 190.0))


@njit
def rep_number(x, n):
    return np.repeat(x, n)


@njit
def stacks_0d(a, b):
    return np.hstack((a, b)), np.vstack((a, b))


@njit
def columns(a, b):
    return np.column_stack((a, b))


@njit
def shape_of(x):
    return np.shape(x)


CALLS = [
    ("pct", (np.array([1.0, 2.0, 3.0, 4.0]), (10.0, 90.0))),
    ("pct", (np.arange(10), (1, 50, 99))),
    ("quantiles", (np.array([3.0, np.nan, 1.0, 2.0]),)),
    ("bad_q", (np.arange(3.0),)),
    ("rep_number", (5, 3)),
    ("rep_number", (2.5, 0)),
    ("rep_number", (True, 2)),
    ("stacks_0d", (np.array(1.0), np.array(2.0))),
    ("columns", (np.array([1, 2]), np.array([[0, 1], [2, 3]]))),
    ("columns", (np.array([[0.5], [1.5]]), np.array([1.0, 2.0]))),
    ("shape_of", (5,)),
    ("shape_of", (2.5,)),
]
