"""np.flatnonzero and np.argwhere of tuples of numbers (`np.asarray` of them), arrays and numbers."""
import numpy as np
from numba import njit

@njit
def fnz(a):
    return np.flatnonzero(a)

@njit
def awh(a):
    return np.argwhere(a)

@njit("int64[:](UniTuple(float64, 4))")
def fnz_sig(a):
    return np.flatnonzero(a)

CALLS = [
    ("fnz", ((0.0, 1.0, 0.0, -6.0),)),
    ("fnz", ((0, 0),)),
    ("fnz", (np.array([[0, 2], [3, 0]]),)),
    ("fnz", (np.arange(5.0)[::2],)),
    ("fnz", (3.0,)),
    ("awh", ((1.1, 0.0, 4.4),)),
    ("awh", (np.array([[0, 2], [3, 0]]),)),
    ("awh", (np.zeros(0),)),
    ("fnz_sig", ((0.0, 1.0, 2.0, 0.0),)),
]
