# a.conj()/a.conjugate() and sorting complex arrays (real part first, then imaginary part;
# NaNs last as Numba's lt_complex orders them).
import numpy as np
from numba import njit


@njit("(complex128[:],)")
def conj(a):
    return a.conj(), a.conjugate(), np.conj(a)


@njit("(complex128[:],)")
def srt(a):
    b = a.copy()
    b.sort()
    return b, np.sort(a), np.argsort(a)


@njit("(complex64[:],)")
def srt64(a):
    return np.sort(a)


CALLS = [
    ("conj", (np.array([1 + 2j, -3j, 4.0]),)),
    ("srt", (np.array([2 + 1j, 1 + 5j, 2 - 1j, 1 + 0j, complex(float("nan"), 0), 0j]),)),
    ("srt64", (np.array([3 + 1j, 3 - 1j, -1 + 0j], dtype=np.complex64),)),
]
