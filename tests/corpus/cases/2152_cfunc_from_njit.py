# A @cfunc called directly from an njit function (Numba calls it through its C address).
import numpy as np
from numba import njit, cfunc


@cfunc("float64(float64)")
def c_square(x):
    return x * x


@njit
def use_cfunc(x):
    return c_square(x) + 1.0


CALLS = [
    ("use_cfunc", (1.5,)),
]
