"""Module-level complex arrays computed with ufuncs (DFT twiddle factors): Numba freezes
array(complex128, 1d, C) values; numrs types them and built modules read them on import."""
import numpy as np
from numba import njit

N = 8
TWIDDLE = np.exp(-2j * np.pi * np.arange(N) / N)
PHASES = np.exp(1j * np.linspace(0.0, np.pi, 4))
GRID = np.exp(1j * np.ones((2, 3)))
HALF = 0.5 * TWIDDLE


@njit("complex128(int64)")
def twiddle(k):
    return TWIDDLE[k % N]


@njit("float64()")
def phase_total():
    s = 0.0
    for z in PHASES:
        s += z.real
    return s


@njit("complex128(int64, int64)")
def grid(i, j):
    return GRID[i, j]


@njit("complex128(int64)")
def half(k):
    return HALF[k]


@njit("complex128[:](complex128[:])")
def dft(x):
    n = x.shape[0]
    out = np.zeros(n, dtype=np.complex128)
    for k in range(n):
        for j in range(n):
            out[k] += x[j] * TWIDDLE[(j * k * (N // n)) % N]
    return out


CALLS = [
    ("twiddle", (3,)),
    ("phase_total", ()),
    ("grid", (1, 2)),
    ("half", (5,)),
    ("dft", (np.array([1.0, 0.0, -1.0, 0.0, 1.0, 0.0, -1.0, 0.0], dtype=np.complex128),)),
]
