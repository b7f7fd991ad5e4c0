import numpy as np
from numba import njit

SIGS = [
    "(float64[:], float64[:])",
    "(int64[:], float64[:])",
    "(float32[:], float32[:])",
    "(int32[:], int32[:])",
    "(complex128[:], float64[:])",
    "(float64[:], complex128[:])",
    "(complex64[:], complex64[:])",
    "(uint64[:], int64[:])",
    "(boolean[:], boolean[:])",
    "(boolean[:], uint8[:])",
]


@njit(SIGS)
def conv(a, v):
    return np.convolve(a, v), np.convolve(a, v, mode="same"), np.convolve(a, v, "valid")


@njit(SIGS)
def corr(a, v):
    return np.correlate(a, v), np.correlate(a, v, mode="same"), np.correlate(a, v, "full")


@njit("(float64[:], float64[:])")
def bad_mode(a, v):
    return np.convolve(a, v, mode="nope")


@njit("(float64[:, :], float64[:])")
def two_d(a, v):
    return np.correlate(a, v)


CALLS = [
    ("conv", (np.array([0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 4.25]), np.array([1.5, -0.5, 0.25]))),
    ("conv", (np.array([1.5, -0.5, 0.25]), np.array([0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 4.25]))),
    ("conv", (np.arange(7), np.array([0.5, 0.25, 1.0]))),
    ("conv", (np.arange(6, dtype=np.int32), np.array([1, -2, 3], dtype=np.int32))),
    ("conv", (np.array([1 + 2j, -0.5j, 3.0]), np.array([0.5, 2.0]))),
    ("conv", (np.array([True, False, True]), np.array([True, True]))),
    ("conv", (np.arange(5, dtype=np.uint64), np.array([3, -1]))),
    ("conv", (np.zeros(0), np.ones(2))),
    ("corr", (np.array([0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 4.25]), np.array([1.5, -0.5, 0.25]))),
    ("corr", (np.array([1.5, -0.5, 0.25]), np.array([0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 4.25]))),
    ("corr", (np.array([0.5, 2.0]), np.array([1 + 2j, -0.5j, 3.0]))),
    ("corr", (np.array([1 + 1j, 2 - 1j], dtype=np.complex64), np.array([1j, 1, -1j], dtype=np.complex64))),
    ("corr", (np.array([True, False, True]), np.array([True, True]))),
    ("corr", (np.array([True, False, True]), np.array([2, 255], dtype=np.uint8))),
    ("corr", (np.ones(3), np.zeros(0))),
    ("bad_mode", (np.ones(3), np.ones(2))),
]
