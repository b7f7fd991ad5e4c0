# np.angle (Numba's ov_np_angle: float64 for numbers, the underlying float for complex and
# float arrays, deg=True times 180/pi) and np.real / np.imag as functions (the attributes:
# imag of a real array is a read-only array of zeros).
import numpy as np
from numba import njit


@njit("(complex128[::1],)")
def c_arr(x):
    return np.real(x), np.imag(x)


@njit("(float64[::1],)")
def f_arr(x):
    return np.real(x), np.imag(x)


@njit("(int64[::1],)")
def i_arr(x):
    return np.real(x), np.imag(x)


@njit("(complex128,)")
def c_num(x):
    return np.real(x), np.imag(x)


@njit("(int64,)")
def i_num(x):
    return np.real(x), np.imag(x)


@njit("(complex64[::1],)")
def angles(z):
    return np.angle(z), np.angle(z, deg=True), np.angle(z[0]), np.angle(2.5), np.angle(3)


CALLS = [
    ("c_arr", (np.array([1 + 2j, 3 - 1j]),)),
    ("f_arr", (np.array([1.5, 2.5]),)),
    ("i_arr", (np.array([1, 2]),)),
    ("c_num", (3 + 4j,)),
    ("i_num", (7,)),
    ("angles", (np.array([1 + 1j, -1j], dtype=np.complex64),)),
]
