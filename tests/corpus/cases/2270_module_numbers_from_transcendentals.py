# Module-level Python numbers made from NumPy transcendental values (`float(np.log(3.0))`,
# `int(np.log2(1000))`): NumPy's exact values, frozen when the built module is imported.
import numpy as np
from numba import njit

A = float(np.log(3.0))
B = float(np.exp(0.1)) * 2
C = int(np.log2(1000))
D = float(np.arctan2(1.0, 3.0))
E = int(np.floor(np.log10(12345.0))) + 1


@njit
def floats():
    return A, B, D


@njit
def ints():
    return C, E


@njit
def scaled(x):
    return x * A + C


CALLS = [
    ("floats", ()),
    ("ints", ()),
    ("scaled", (2.0,)),
    ("scaled", (3,)),
]
