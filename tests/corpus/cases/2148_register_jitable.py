# A helper decorated with numba.extending.register_jitable, called from an njit function.
import numpy as np
from numba import njit
from numba.extending import register_jitable


@register_jitable
def sq(x):
    return x * x


@njit
def use_sq(x):
    return sq(x) + 1


CALLS = [
    ("use_sq", (3,)),
    ("use_sq", (np.array([1.5, 2.0]),)),
]
