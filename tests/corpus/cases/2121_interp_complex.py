# np.interp with complex `fp` (Numba's `np_interp_impl_complex_inner`): complex128 results, each
# part interpolated with a slope made by multiplying by 1/dx, NaN retried per part, and the
# `real + 1j * imag` construction (an infinite imaginary slope makes the real part NaN).
import numpy as np
from numba import njit


@njit("(float64[:], float64[:], complex128[:])")
def interp_complex(x, xp, fp):
    return np.interp(x, xp, fp)


@njit("(float64, float64[:], complex128[:])")
def interp_complex_scalar(x, xp, fp):
    return np.interp(x, xp, fp)


@njit("(float64[:], float64[:], complex64[:])")
def interp_complex64(x, xp, fp):
    return np.interp(x, xp, fp)


@njit("(int64[:], float64[:], complex128[:])")
def interp_int_x(x, xp, fp):
    return np.interp(x, xp, fp)


CALLS = [
    ("interp_complex", (np.array([0.5, 1.5, -1.0, 9.0, 1.0, np.nan]), np.array([0.0, 1.0, 2.0]), np.array([1 + 1j, 2 - 1j, 3 + 0.5j]))),
    ("interp_complex", (np.array([0.5]), np.array([0.0, 1.0, 2.0]), np.array([np.inf + 1j, 2 + np.inf * 1j, 3 + 0.5j]))),
    ("interp_complex", (np.array([0.3, 0.7]), np.array([0.0, 1.0]), np.array([1 + 2j, 1 + 2j]))),
    ("interp_complex", (np.array([0.5, 2.0]), np.array([1.0]), np.array([4 - 2j]))),
    ("interp_complex", (np.array([0.5]), np.array([]), np.array([], dtype=np.complex128))),
    ("interp_complex_scalar", (0.25, np.array([0.0, 1.0]), np.array([1j, 2 + 0j]))),
    ("interp_complex64", (np.array([0.1, 0.35, 0.9]), np.array([0.0, 0.5, 1.0]), np.array([0.1 + 0.3j, 0.7 - 0.2j, 1.3 + 0.9j], dtype=np.complex64))),
    ("interp_int_x", (np.array([0, 1, 2, 5]), np.array([0.5, 1.5, 2.5]), np.array([1j, 2 + 0j, -1 - 1j]))),
]
