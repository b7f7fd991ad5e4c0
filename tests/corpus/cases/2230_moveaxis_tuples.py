# np.moveaxis with tuples of axes (known at run time): normalized (ValueError out of bounds or
# repeated, or for tuples of different lengths), moved as Numba's numpy_moveaxis orders them.
import numpy as np
from numba import njit

@njit
def mva(a, s, d):
    return np.moveaxis(a, s, d)

@njit
def mva_lit(a):
    return np.moveaxis(a, (0, 1), (2, 0)).shape, np.moveaxis(a, (0, -1), (-1, 0)).shape

CALLS = [
    ("mva", (np.arange(24).reshape(2, 3, 4), (0, 1), (2, 0))),
    ("mva", (np.arange(24).reshape(2, 3, 4), (0, 2), (1, 0))),
    ("mva", (np.arange(24).reshape(2, 3, 4), 0, -1)),
    ("mva", (np.arange(24).reshape(2, 3, 4), (0, 0), (1, 2))),
    ("mva", (np.arange(24).reshape(2, 3, 4), (0, 3), (1, 2))),
    ("mva", (np.arange(24).reshape(2, 3, 4), (0, 1), (2,))),
    ("mva_lit", (np.arange(120).reshape(2, 3, 4, 5),)),
]
