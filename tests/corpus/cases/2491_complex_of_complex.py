"""complex(z) of a complex number: the number cast to complex128 (Numba's complex_impl); of
complex64 too, as Numba types complex() of anything but float32 as complex128."""
import numpy as np
from numba import njit

@njit
def c_of_c(x, y):
    return complex(x + 1j * y)

@njit("complex128(complex128)")
def c_of_c_sig(z):
    return complex(z)

@njit
def c_of_c64(z):
    return complex(z)

@njit
def c_two(a, b):
    return complex(a, b)

CALLS = [("c_of_c", (1.0, 2.0)), ("c_of_c_sig", (1 + 2j,)), ("c_of_c64", (np.complex64(1 + 2j),)),
         ("c_two", (1, 2.5)), ("c_two", (np.float32(1), np.float32(2))), ("c_of_c64", (3,))]
