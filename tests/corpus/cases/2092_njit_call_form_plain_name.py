# `fast = njit(f)` returns a new jit function; `f` itself stays a plain Python function, which
# jit code cannot call (Numba's TypingError at the call's line).
import numpy as np
from numba import njit


def area(r):
    return 3.0 * r * r


fast_area = njit(area)


@njit("float64(float64)")
def via_result(r):
    return fast_area(r) + 1.0


@njit("float64(float64)")
def via_plain_name(r):
    x = r * 2.0
    return area(x)


CALLS = [
    ("fast_area", (2.0,)),
    ("via_result", (2.0,)),
    ("via_plain_name", (2.0,)),
]
