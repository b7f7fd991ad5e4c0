# np.where with a scalar condition and scalar branches (Numba returns a 0-d array).
import numpy as np
from numba import njit


@njit
def sign_where(x):
    return np.where(x > 0, 1.0, -1.0)


@njit
def where_int(x):
    return np.where(x % 2 == 0, x, -x)


CALLS = [
    ("sign_where", (3.0,)),
    ("sign_where", (-0.5,)),
    ("where_int", (4,)),
]
