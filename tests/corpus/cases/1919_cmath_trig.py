# cmath's trigonometric and hyperbolic functions of complex numbers, with CPython's special
# cases (infinities, NaN, huge and tiny parts); complex64 arguments mix float32 and float64
# arithmetic as Numba's Python-level implementations do.
import cmath

import numpy as np
from numba import njit


@njit("(complex128,)")
def trig128(z):
    return (cmath.cos(z), cmath.sin(z), cmath.tan(z), cmath.cosh(z), cmath.sinh(z),
            cmath.tanh(z), cmath.sqrt(z))


@njit("(complex128,)")
def inverse128(z):
    return cmath.acos(z), cmath.asin(z), cmath.atan(z), cmath.acosh(z), cmath.asinh(z), cmath.atanh(z)


@njit("(complex64,)")
def trig64(z):
    return (cmath.cos(z), cmath.sin(z), cmath.tan(z), cmath.cosh(z), cmath.sinh(z),
            cmath.tanh(z), cmath.sqrt(z), cmath.acos(z), cmath.asin(z), cmath.atan(z),
            cmath.acosh(z), cmath.asinh(z), cmath.atanh(z))


@njit("(float64,)")
def of_real(x):
    return cmath.sqrt(x), cmath.cos(x), cmath.atanh(x), cmath.acos(x)


CALLS = [
    ("trig128", (1 + 2j,)),
    ("trig128", (-1.5 + 0.25j,)),
    ("trig128", (complex(float("inf"), 1.0),)),
    ("trig128", (complex(float("-inf"), float("nan")),)),
    ("trig128", (complex(1.0, float("inf")),)),
    ("trig128", (-700 + 1j,)),
    ("inverse128", (0.3 - 0.7j,)),
    ("inverse128", (1 + 1e-30j,)),
    ("inverse128", (1 + 0j,)),
    ("inverse128", (1e300 + 1e300j,)),
    ("inverse128", (complex(float("nan"), 1.0),)),
    ("inverse128", (complex(float("inf"), float("nan")),)),
    ("inverse128", (-2 + 0j,)),
    ("trig64", (np.complex64(1 + 2j),)),
    ("trig64", (np.complex64(-0.3 + 0.7j),)),
    ("trig64", (np.complex64(complex(float("inf"), 0.0)),)),
    ("of_real", (2.0,)),
    ("of_real", (-4.0,)),
]
