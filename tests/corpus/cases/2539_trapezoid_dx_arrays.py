"""`np.trapezoid(y, dx=...)` with an array or list of spacings (Numba's `_get_d` makes
`np.asarray(dx)`): each pair weighted by its spacing, one spacing broadcast, other lengths
NumPy's broadcast ValueError."""
import numpy as np
from numba import njit


@njit
def area(y, dx):
    return np.trapezoid(y, dx=dx)


@njit
def area_pos(y, x, dx):
    return np.trapezoid(y, x, dx)


CALLS = [
    ("area", (np.array([1.0, 2.0, 3.0, 4.0, 5.0]), np.array([1.0, 4.0, 5.0, 6.0]))),
    ("area", ([1, 2, 3, 4, 5], [1, 4, 5, 6])),
    ("area", (np.array([1.0, 2.0, 3.0]), np.array([0.5]))),
    ("area", (np.array([1.0, 2.0, 3.0]), np.array([0.5, 1.0, 2.0]))),
    ("area_pos", ([1, 2, 3, 4, 5], None, np.array([1.0, 2.0]))),
    ("area", (np.array([2.0, 4.0]), np.array([1.0, 3.0, 5.0]))),
]
