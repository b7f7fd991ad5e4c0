# np.cov / np.corrcoef of a tuple of tuples (rows of a 2-d array).
import numpy as np
from numba import njit

@njit
def c1(x):
    return np.cov(x)

@njit
def c2(x, y):
    return np.corrcoef(x, y)

@njit
def c3():
    return np.cov(((1.0, 2.0, 4.0), (3.0, 1.0, 0.5)))

@njit
def c4(t):
    return np.corrcoef(t)

CALLS = [
    ("c1", (((1.0, 2.0, 4.0), (3.0, 1.0, 0.5)),)),
    ("c1", ((1.0, 2.0, 4.0),)),
    ("c2", ((1.0, 2.0, 4.0), (3.0, 1.0, 0.5))),
    ("c3", ()),
    ("c4", (((1, 2, 4), (3, 1, 0)),)),
]
