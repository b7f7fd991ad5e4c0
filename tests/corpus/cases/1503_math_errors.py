import math
import cmath
from numba import njit


@njit("(complex128,)")
def sqrt_complex(z):
    return math.sqrt(z)


@njit("(unicode_type,)")
def floor_str(s):
    return math.floor(s)


@njit("(float64,)")
def isnan_ok(x):
    return math.isnan(x) or math.isinf(x), math.copysign(1, x), math.hypot(3, 4)


@njit("(float64,)")
def cmath_phase_two(x):
    return cmath.phase(x, x)
