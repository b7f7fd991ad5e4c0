# np.unique (and np.union1d) of complex arrays: sorted as Numba sorts complex numbers (NaNs last), items with a
# NaN part kept once.
import numpy as np
from numba import njit

@njit
def uniq(a):
    return np.unique(a)

@njit
def union(a, b):
    return np.union1d(a, b)


CALLS = [
    ("uniq", (np.array([1 + 2j, 1 - 2j, 1 + 2j]),)),
    ("uniq", (np.array([1 + 2j, 1 - 2j, 1 + 2j, complex(np.nan, 0), complex(np.nan, 0), complex(0, np.nan), 3 + 0j, -1 + 5j]),)),
    ("uniq", (np.array([[2 + 0j, 2 + 0j], [0j, -0j]]),)),
    ("uniq", (np.zeros(0, dtype=np.complex128),)),
    ("uniq", (np.array([1 + 1j, 1 + 1j], dtype=np.complex64),)),
    ("union", (np.array([1 + 2j, 3 + 0j]), np.array([3 + 0j, -1j]))),
    ("union", (np.array([1 + 2j]), np.array([1.5, 2.0]))),
]
