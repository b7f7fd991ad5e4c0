# Unicode arrays (`<U n`) returned: the argument itself, a view, a copy, and after items
# were written (cut to the item length).
import numpy as np
from numba import njit


@njit
def same(a):
    return a


@njit
def tail(a):
    return a[1:]


@njit
def upper_first(a):
    a[0] = a[0].upper() + "xyz"
    return a


@njit
def copied(a):
    b = a.copy()
    b[0] = "q"
    return b, a


CALLS = [
    ("same", (np.array(["ab", "c"]),)),
    ("tail", (np.array(["ab", "c", "def"]),)),
    ("upper_first", (np.array(["ab", "c"]),)),
    ("copied", (np.array(["ab", "c"]),)),
]
