# np.dtype of a list of (name, type) fields inside jit code: Numba's overload hands NumPy the
# typing's objects and NumPy's TypeError about the first field escapes the compilation (a
# TypeError, not a TypingError). Built from constants at module level it works.
import numpy as np
from numba import njit

SPEC = np.dtype([("x", np.float64), ("n", np.int32)])


@njit("void(int64)")
def make_eager(n):
    a = np.zeros(n, dtype=np.dtype([("x", np.float64), ("n", np.int32)]))


@njit
def make_rec_array(n):
    a = np.zeros(n, dtype=np.dtype([("x", np.float64), ("n", np.int32)]))
    return a


@njit
def make_from_global(n):
    a = np.zeros(n, dtype=SPEC)
    a[0].x = 1.5
    return a[0].x


CALLS = [
    ("make_rec_array", (3,)),
    ("make_from_global", (2,)),
]
