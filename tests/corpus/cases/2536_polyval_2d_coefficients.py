"""`np.polynomial.polynomial.polyval` with 2-d coefficients (one series per column), as
Numba's `poly_polyval`: with `tensor=True` each series at every point (`[series, point]`),
with `tensor=False` series `j` at point `j` (broadcast), a number `x` giving one value per
series, and a number `c` (one coefficient: `c + x * 0`)."""
import numpy as np
from numpy.polynomial import polynomial as P
from numba import njit


@njit
def tensor(x, c):
    return P.polyval(x, c)


@njit
def pairwise(x, c):
    return P.polyval(x, c, False)


@njit
def both(x, c):
    return P.polyval(x, c, True), P.polyval(x, c, False)


@njit
def at_number(x, c):
    return P.polyval(x, c)


CALLS = [
    ("tensor", (np.array([0.5, 1.0, 2.0]), np.array([[1.0, 2.0], [3.0, 4.0]]))),
    ("tensor", (np.array([[0.5, 1.0], [2.0, -1.0]]), np.array([[1.0, 2.0, 0.5], [3.0, 4.0, 1.0], [1.0, 0.0, 2.0]]))),
    ("pairwise", (np.array([0.5, 1.0]), np.array([[1.0, 2.0], [3.0, 4.0]]))),
    ("pairwise", (np.array([2.0]), np.array([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]]))),
    ("pairwise", (np.array([0.5, 1.0, 3.0]), np.array([[1.0, 2.0], [3.0, 4.0]]))),
    ("both", (np.array([0.5, 1.0]), np.array([[1, 2], [3, 4]]))),
    ("at_number", (2.0, np.array([[1.0, 2.0], [3.0, 4.0]]))),
    ("at_number", (3, np.array([1.0, 2.0, 3.0]))),
    ("tensor", (np.ones((2, 2)), np.float32(2.0))),
    ("tensor", (np.array([1.0, 2.0]), 3)),
]
