"""`np.trapezoid` sums neighbours in Numba's fused array expression, with scalar semantics:
booleans add as integers (True + True is 2, not NumPy's logical or) and small integers do not
wrap."""
import numpy as np
from numba import njit


@njit
def area(y):
    return np.trapezoid(y)


@njit
def area_dx(y, dx):
    return np.trapezoid(y, dx=dx)


CALLS = [
    ("area", (np.array([True, False, True, True]),)),
    ("area", (np.array([True, True]),)),
    ("area", ((True, False, True),)),
    ("area", (np.array([100, 100, 120], dtype=np.int8),)),
    ("area", (np.array([250, 250], dtype=np.uint8),)),
    ("area_dx", (np.array([1.5, 2.5, -1.0]), 0.5)),
    ("area", (np.array([[True, True], [False, True]]),)),
]
