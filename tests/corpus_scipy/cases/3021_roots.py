# np.roots: always complex output in Numba, leading/trailing zeros, constant
# polynomials, integer and complex coefficients; roots sorted and rounded.
import numpy as np
from numba import njit


@njit(["(float64[::1],)", "(float64[:],)", "(int64[::1],)", "(complex128[::1],)",
       "(float32[::1],)"])
def roots_sorted(p):
    r = np.roots(p)
    return np.sort(np.round(r, 10))


@njit
def roots_info(p):
    r = np.roots(p)
    return r.dtype, r.shape


@njit(["(float64[:, ::1],)"])
def roots_2d(p):
    return np.roots(p)


@njit
def roots_raw(p):
    return np.roots(p)


CALLS = [
    ("roots_sorted", (np.array([1.0, -3.0, 2.0]),)),
    ("roots_sorted", (np.array([1.0, 0.0, 1.0]),)),
    ("roots_sorted", (np.array([0.0, 0.0, 1.0, -6.0, 11.0, -6.0, 0.0, 0.0]),)),
    ("roots_sorted", (np.array([2.0, 0.0, 0.0, 0.0, -8.0, 0.0])[::-1],)),
    ("roots_sorted", (np.array([1, -5, 6]),)),
    ("roots_sorted", (np.array([1.0 + 0j, -2j, -1.0]),)),
    ("roots_sorted", (np.array([1.0, -4.0, 4.0], dtype=np.float32),)),
    ("roots_sorted", (np.array([5.0]),)),
    ("roots_sorted", (np.zeros(0),)),
    ("roots_sorted", (np.zeros(3),)),
    ("roots_sorted", (np.array([1.0, np.nan]),)),
    ("roots_info", (np.array([1.0, -3.0, 2.0]),)),
    ("roots_info", (np.array([1, 2, 3]),)),
    ("roots_info", (np.array([3.0]),)),
    ("roots_raw", (np.array([1.0, -1.0]),)),
    ("roots_raw", (np.array([2.0, 0.0]),)),
]
