# A NumPy dtype (`a.dtype`) returned inside a tuple, with other values, and alone.
import numpy as np
from numba import njit


@njit
def info(a):
    return a.dtype, a.shape, a.sum()


@njit
def pair(a, b):
    return (a.dtype, b.dtype)


@njit
def alone(a):
    return a.dtype


CALLS = [
    ("info", (np.arange(4.0),)),
    ("info", (np.arange(6).reshape(2, 3),)),
    ("info", (np.ones(3, dtype=np.float32),)),
    ("pair", (np.zeros(2, dtype=np.complex128), np.zeros(2, dtype=np.int8))),
    ("alone", (np.zeros(2, dtype=np.uint16),)),
]
