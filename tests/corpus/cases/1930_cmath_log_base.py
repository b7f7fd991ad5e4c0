# cmath.log(z, base): Numba's log_base, cmath.log(z) / cmath.log(base) with the complex
# division raising ZeroDivisionError for a base of 1.
import cmath

import numpy as np
from numba import njit


@njit("(complex128, complex128)")
def lb(z, b):
    return cmath.log(z, b)


@njit("(float64, float64)")
def lbf(x, b):
    return cmath.log(x, b)


@njit("(complex64, complex64)")
def lb64(z, b):
    return cmath.log(z, b)


CALLS = [
    ("lb", (8 + 0j, 2 + 0j)),
    ("lb", (1 + 2j, 3 - 1j)),
    ("lb", (5 + 0j, 1 + 0j)),
    ("lbf", (100.0, 10.0)),
    ("lbf", (-8.0, 2.0)),
    ("lb64", (np.complex64(1 + 2j), np.complex64(3 - 1j))),
]
