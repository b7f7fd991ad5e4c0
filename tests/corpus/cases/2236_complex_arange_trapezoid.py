# np.arange with a complex bound or step (Numba's np_arange: the smaller of the ceilings of the
# real and imaginary parts of (stop - start) / step items) and np.trapezoid of complex128
# arrays (NumPy's complex loops for the average and the product, summed per row).
import numpy as np
from numba import njit


@njit
def ar(n):
    return np.arange(0, n, 1 + 0j)


@njit
def ar2(a, b, s):
    return np.arange(a, b, s)


@njit
def ar3(z):
    return np.arange(z)


@njit
def trap(y):
    return np.trapezoid(y)


@njit
def trap_x(y, x):
    return np.trapezoid(y, x)


@njit
def trap_dx(y):
    return np.trapezoid(y, dx=0.5)


CALLS = [
    ("ar", (3,)),
    ("ar2", (0j, 3 + 3j, 1 + 1j)),
    ("ar2", (0, 5 + 10j, 1 + 1j)),
    ("ar2", (1 + 1j, 0j, -0.5 - 0.25j)),
    ("ar2", (0j, 1 + 1j, 0j)),
    ("ar3", (4 + 4j,)),
    ("ar3", (4 + 0j,)),
    ("trap", (np.array([1j, 2 + 0j, 3 + 3j]),)),
    ("trap", (np.array([[1j, 2 + 0j, 3 + 3j], [1 + 1j, 2 - 1j, 0j]]),)),
    ("trap_x", (np.array([1j, 2 + 0j, 3 + 3j]), np.array([0.0, 0.5, 2.0]))),
    ("trap_dx", (np.array([1j, 2 + 0j, 3 + 3j]),)),
    ("trap", (np.array([1j], dtype=np.complex128),)),
]
