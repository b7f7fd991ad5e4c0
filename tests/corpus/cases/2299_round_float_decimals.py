# np.round with a float number of decimals: Numba's round_ndigits raises 10.0 to it.
import numpy as np
from numba import njit

@njit
def r1(a):
    return np.round(a, decimals=1.5)

@njit
def r2(x):
    return np.round(x, 1.5)

@njit
def r3(a):
    out = np.empty_like(a)
    np.round(a, 1.5, out)
    return out

@njit
def r4(a):
    return np.round(a, 2)

@njit
def r5(a):
    return np.round(a, -1.5)

CALLS = [
    ("r1", (np.array([1.2345, -2.5678, 10.0]),)),
    ("r2", (1.2345,)),
    ("r2", (12,)),
    ("r3", (np.array([1.2345, -2.5678, 10.0]),)),
    ("r1", (np.array([1, 2, 3]),)),
    ("r1", (np.array([1.2345+2.5j]),)),
    ("r4", (np.array([1.2345, -2.5678, 10.0]),)),
    ("r5", (np.array([123.45, -2567.8]),)),
]


@njit("float64(float64, float32)")
def r6(x, d):
    return np.round(x, d)


@njit("float64[:](float64[:], complex128)")
def r7(a, d):
    return np.round(a, d)
