# np.flip of a 0-d array is its item (Numba indexes it with an empty tuple of slices).
import numpy as np
from numba import njit
@njit
def flip_(a):
    return np.flip(a)
CALLS = [("flip_", (np.array(2),)), ("flip_", (np.array(2.5),)), ("flip_", (np.arange(3),)), ("flip_", (np.arange(4).reshape(2, 2),))]
