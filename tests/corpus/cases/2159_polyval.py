# np.polynomial.polynomial.polyval (Numba's poly_polyval): Horner's scheme in the result
# dtype of the coefficients, the points and float64; a number gives a number, an array (or a
# list) an array of its shape.
import numpy as np
from numba import njit
from numpy.polynomial import polynomial as P


@njit
def at_number(x, c):
    return np.polynomial.polynomial.polyval(x, c)


@njit
def at_points(x, c):
    return P.polyval(x, c)


@njit
def int_coeffs(x):
    return P.polyval(x, np.array([1, 2, 3]))


@njit
def list_points(c):
    return P.polyval([0.5, 1.5], c)


@njit
def tuple_coeffs(x):
    return P.polyval(x, (1.0, 0.0, -1.0))


CALLS = [
    ("at_number", (2.0, np.array([1.0, 2.0, 3.0]))),
    ("at_number", (3, np.array([1.0, -2.0]))),
    ("at_points", (np.array([0.0, 1.0, -1.0]), np.array([1.0, 0.0, 1.0]))),
    ("at_points", (np.arange(6.0).reshape(2, 3), np.array([0.5, 0.25]))),
    ("int_coeffs", (2,)),
    ("int_coeffs", (np.arange(3),)),
    ("list_points", (np.array([2.0, 4.0]),)),
    ("tuple_coeffs", (3.0,)),
    ("at_number", (np.inf, np.array([1.0, 2.0]))),
]
