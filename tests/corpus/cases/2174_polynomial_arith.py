# numpy.polynomial.polynomial arithmetic as Numba implements it: polyadd/polysub (padded,
# trimmed of trailing zeros), polymul (a convolution), polydiv (quotient and remainder),
# polyint (m times), over arrays, lists, tuples and numbers, integer and complex series, and
# the errors Numba raises (a zero leading divisor, an empty series, a non-integer m).
import numpy as np
from numpy.polynomial import polynomial as P
from numba import njit, types


@njit
def add_sub(a, b):
    return P.polyadd(a, b), P.polysub(a, b)


@njit
def mul(a, b):
    return P.polymul(a, b)


@njit
def div(a, b):
    return P.polydiv(a, b)


@njit
def integ(c, m):
    return P.polyint(c, m)


@njit
def integ_once(c):
    return P.polyint(c)


@njit
def mixed():
    return P.polyadd([1, 2, 3], (4.0, 5.0)), P.polymul(2.0, np.array([1.0, 1.0]))


@njit((types.float64[:], types.float64[:]))
def typed_div(a, b):
    q, r = P.polydiv(a, b)
    return q.sum() + r.sum()


@njit((types.float64[:], types.float64))
def bad_m(c, m):
    return P.polyint(c, m)


CALLS = [
    ("add_sub", (np.array([1.0, 2.0, 3.0]), np.array([3.0, 2.0, -3.0]))),
    ("add_sub", (np.array([1, 2]), np.array([0.5, 0.0, 0.25]))),
    ("add_sub", (np.array([1 + 2j, 0j]), np.array([1.0, 2.0]))),
    ("mul", (np.array([1.0, 2.0, 3.0]), np.array([3.0, 2.0, 1.0]))),
    ("mul", (np.array([1, 0, 0]), np.array([2, 5]))),
    ("div", (np.array([1.0, 2.0, 3.0]), np.array([3.0, 2.0, 1.0]))),
    ("div", (np.array([1.0, 2.0, 3.0, 4.0]), np.array([1.0, 2.0]))),
    ("div", (np.array([1.0]), np.array([1.0, 2.0]))),
    ("div", (np.array([4.0, 2.0]), np.array([2.0]))),
    ("div", (np.array([1.0, 2.0]), np.array([1.0, 0.0]))),
    ("integ", (np.array([1.0, 2.0, 3.0]), 1)),
    ("integ", (np.array([1.0, 2.0, 3.0]), 3)),
    ("integ", (np.array([1, 2]), 0)),
    ("integ_once", (np.array([0.0, 0.0]),)),
    ("mixed", ()),
    ("typed_div", (np.array([1.0, -2.0, 0.5]), np.array([0.5, 1.0]))),
    ("add_sub", (np.array([]), np.array([1.0]))),
]
