# np.median of booleans (Numba: (a + b) / 2 of the middle items, or the middle item).
import numpy as np
from numba import njit
@njit
def med(a):
    return np.median(a)
CALLS = [("med", (np.array([True, False, True, True]),)), ("med", (np.array([True, False, True]),)), ("med", (np.array([False, False, True, True]),)), ("med", (np.zeros(0, dtype=np.bool_),)), ("med", (np.array([[True], [False]]),))]
