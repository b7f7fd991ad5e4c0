# Reductions of complex arrays: mean (a complex128 division; NaN+NaNj when empty), var and
# std (|x - mean|**2 summed in float64), np.max/np.min (real parts, then imaginary parts),
# and hash() of complex numbers (hash(real) + 1000003 * hash(imag)).
import numpy as np
from numba import njit


@njit
def stats(a):
    return a.sum(), a.mean(), np.mean(a), a.var(), a.std(), np.var(a), np.std(a)


@njit
def extremes(a):
    return a.max(), a.min(), np.max(a), np.min(a)


@njit
def empty_mean(n):
    return np.zeros(n, dtype=np.complex128).mean()


@njit
def hashes(z):
    return hash(z), hash((z, 1)), hash(z.real)


@njit
def float_mean(a):
    return a.mean()


CALLS = [
    ("stats", (np.array([1 + 1j, 2 - 1j, 0j]),)),
    ("stats", (np.array([1 + 2j, -3.5 + 0.25j, 2 - 4j, 0.5 + 0.5j], dtype=np.complex64),)),
    ("stats", (np.array([[1 + 1j, 2 - 1j], [3j, -1 + 0j]]),)),
    ("extremes", (np.array([1 + 1j, -4 + 0j, 0 + 2j, 1 + 3j]),)),
    ("extremes", (np.array([2 + 1j, 2 - 5j, 2 + 0j], dtype=np.complex64),)),
    ("extremes", (np.array([1 + 1j, complex(float("nan"), 0), 3 + 0j]),)),
    ("extremes", (np.zeros(0, dtype=np.complex128),)),
    ("empty_mean", (0,)),
    ("empty_mean", (2,)),
    ("hashes", (1 + 2j,)),
    ("hashes", (-0.5 + 0j,)),
    ("hashes", (complex(1e300, -1e-300),)),
    ("hashes", (np.complex64(3 - 1j),)),
    ("float_mean", (np.arange(5, dtype=np.float32) / np.float32(3),)),
    ("float_mean", (np.zeros(0, dtype=np.float32),)),
]
