"""`raise np.linalg.LinAlgError(...)` raises NumPy's class; a typed List made empty takes its
item type from what `extend` adds (a tuple of constants counts as its non-literal type)."""
import numpy as np
from numba import njit
from numba.typed import List


@njit("int64(int64)")
def raise_class(i):
    if i == 3:
        raise np.linalg.LinAlgError
    return i


@njit("int64(int64)")
def raise_instance(i):
    if i == 3:
        raise np.linalg.LinAlgError("singular matrix")
    return i


@njit
def extend_constants():
    l = List()
    l.extend((1, 2, 3))
    return len(l), l[2]


@njit
def extend_floats(x):
    l = List()
    l.extend((x, 2.0 * x))
    return l[0] + l[1]


CALLS = [
    ("raise_class", (0,)),
    ("raise_class", (3,)),
    ("raise_instance", (3,)),
    ("extend_constants", ()),
    ("extend_floats", (1.5,)),
]
