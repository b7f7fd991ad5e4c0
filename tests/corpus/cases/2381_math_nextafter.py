"""math.nextafter is supported by Numba 0.68.1 (float64 x float64 -> float64) but numrs build
refuses it ("cannot lower: math.nextafter(float64, float64) is not supported by numrs build yet")."""
import math
from numba import njit


@njit
def na(a, b):
    return math.nextafter(a, b)


@njit("float64(float64, float64)")
def na_eager(a, b):
    return math.nextafter(a, b)


CALLS = [
    ("na", (1.0, 2.0)), ("na", (0.0, -1.0)), ("na", (1.0, float("nan"))),
    ("na_eager", (1.0, 0.0)),
]
