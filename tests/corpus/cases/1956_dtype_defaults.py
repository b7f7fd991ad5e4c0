# A NumPy dtype class as a parameter default (`def f(n, dtype=np.float64)`): Numba types the
# omitted argument as the class (`class(float64)`), so it works where a dtype is expected.
import math

import numpy as np
from numba import njit


@njit
def filled(n, value, dtype=np.float64):
    out = np.empty(n, dtype)
    out[:] = value
    return out


@njit
def circle(r, k=math.pi):
    return k * r * r


@njit("float64(int64)")
def default_dtype(n):
    return filled(n, 1.5).sum()


@njit("int64(int64)")
def given_dtype(n):
    return filled(n, 2, np.int64).sum()


@njit("float64(float64)")
def default_pi(r):
    return circle(r)


CALLS = [("default_dtype", (4,)), ("given_dtype", (3,)), ("default_pi", (2.0,))]
