# Python ints in [2**63, 2**64) are uint64 to Numba's typeof (a first call compiles for
# uint64); a built module selects its uint64 specialization for them.
import numpy as np
from numba import njit


@njit
def ident(x):
    return x


@njit
def add(x, y):
    return x + y


CALLS = [
    ("ident", (2 ** 64 - 1,)),
    ("ident", (2 ** 63,)),
    ("add", (2 ** 63, 2 ** 63 + 5)),
    ("add", (2 ** 63, 1)),
    ("ident", (np.uint64(2 ** 64 - 1),)),
]
