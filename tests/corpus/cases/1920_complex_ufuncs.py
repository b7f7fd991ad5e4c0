# NumPy ufuncs on complex arrays and scalars, as Numba's ufunc_db lowers them (cmath kernels
# for exp/log/sqrt/trigonometry, npyfuncs' own sinh/cosh/tanh/arccosh/log1p/expm1/reciprocal,
# lexicographic comparisons and NaN-aware maximum/minimum).
import numpy as np
from numba import njit


@njit("(complex128[:],)")
def transcendental(z):
    return (np.exp(z), np.log(z), np.sqrt(z), np.sin(z), np.cos(z), np.tan(z),
            np.arcsin(z), np.arccos(z), np.arctan(z), np.sinh(z), np.cosh(z), np.tanh(z),
            np.arcsinh(z), np.arccosh(z), np.arctanh(z), np.exp2(z), np.log2(z),
            np.log10(z), np.expm1(z), np.log1p(z))


@njit("(complex128[:], complex128[:])")
def arithmetic(a, b):
    return (np.negative(a), np.square(a), np.reciprocal(a), np.sign(a), np.rint(a),
            np.power(a, b), a ** b, np.float_power(a, b), np.maximum(a, b), np.minimum(a, b),
            np.fmax(a, b), np.fmin(a, b))


@njit("(complex128[:], complex128[:])")
def predicates(a, b):
    return (np.less(a, b), np.less_equal(a, b), np.greater(a, b), np.greater_equal(a, b),
            a == b, a != b, np.isnan(a), np.isinf(a),
            np.isfinite(a), np.logical_and(a, b), np.logical_or(a, b), np.logical_xor(a, b),
            np.logical_not(a))


@njit("(complex64[:],)")
def single(z):
    return np.exp(z), np.sqrt(z), np.tanh(z), np.arccosh(z), np.sign(z), np.log10(z)


@njit("(complex128,)")
def scalar(z):
    return np.sin(z), np.arctanh(z), np.sign(z), np.expm1(z), np.reciprocal(z)


CALLS = [
    ("transcendental", (np.array([0.5 + 0.25j, -1.5 + 2j, 3 - 4j, 1 + 0j, -0.25j, 1e-8 + 1e-8j]),)),
    ("transcendental", (np.array([complex(float("inf"), 1.0), complex(float("nan"), 0.0), 0j]),)),
    ("arithmetic", (np.array([0j, 1 + 2j, -1.5 + 0.25j, complex(float("nan"), 1.0), 3 - 4j, 2 + 2j]),
                    np.array([1j, 2 - 1j, 0j, 1 + 1j, -3 + 0j, 2 + 2j]))),
    ("predicates", (np.array([0j, 1 + 2j, 1 + 3j, complex(float("nan"), 1.0), complex(float("inf"), 0.0), 2 + 0j]),
                    np.array([0j, 1 + 2j, 1 + 1j, 1 + 1j, 1 + 0j, complex(2.0, float("nan"))]))),
    ("single", (np.array([0.5 + 0.25j, -1.5 + 2j, 3 - 4j, 0j], dtype=np.complex64),)),
    ("scalar", (0.3 - 0.7j,)),
    ("scalar", (complex(0.0, 0.0),)),
]
