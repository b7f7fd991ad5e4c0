"""NumPy scalar classes called on complex numbers: `np.bool_` is their truth (Numba lowers a
cast of complex to bool), complex classes convert, and real classes are Numba's
NumbaNotImplementedError."""
import numpy as np
from numba import njit


@njit("boolean(complex128)")
def truth(z):
    return np.bool_(z)


@njit
def truth_lazy(z):
    return np.bool_(z), bool(z)


@njit
def to_float(z):
    return np.float64(z)


@njit
def to_complex64(x):
    return np.complex64(x)


CALLS = [
    ("truth", (1j,)),
    ("truth", (0j,)),
    ("truth_lazy", (0.5 + 0j,)),
    ("truth_lazy", (np.complex64(0),)),
    ("to_float", (2 + 1j,)),
    ("to_complex64", (1.5,)),
    ("to_complex64", (3,)),
]
