# Record fields named by a string constant held in a variable, a module-level name or a
# literal_unroll loop variable; copies of record arrays; np.empty/np.zeros with a Numba record
# type as the dtype; lists of record arrays.
import numpy as np
import numba
from numba import njit, literal_unroll

EV = np.dtype([("t", np.float64), ("ch", np.uint8)])
EV_T = numba.from_dtype(EV)
XFIELD = "x"


@njit
def by_variable(a):
    name = "y"
    return a[name].max()


@njit
def by_global(a):
    return a[XFIELD].sum() + a[0][XFIELD]


@njit
def unrolled(a):
    s = 0.0
    for i in range(a.shape[0]):
        for f in literal_unroll(("x", "y")):
            s += a[i][f]
    return s


@njit
def set_by_variable(a):
    name = "x"
    a[0][name] = 9.5
    return a


@njit
def copied(a):
    b = a.copy()
    b[0].t = -1.0
    return a, b


@njit
def made(n):
    e = np.empty(n, dtype=EV_T)
    z = np.zeros(n, EV_T)
    return e.size, z


@njit
def count_items(arrs):
    return len(arrs), arrs[1].size


CALLS = [
    ("by_variable", (np.array([(1.0, 5.0), (2.0, 3.0)], dtype=[("x", "f8"), ("y", "f8")]),)),
    ("by_global", (np.array([(1.0, 5.0), (2.0, 3.0)], dtype=[("x", "f8"), ("y", "f8")]),)),
    ("unrolled", (np.array([(1.0, 5.0), (2.0, 3.0)], dtype=[("x", "f8"), ("y", "f8")]),)),
    ("set_by_variable", (np.array([(1.0, 5.0), (2.0, 3.0)], dtype=[("x", "f8"), ("y", "f8")]),)),
    ("copied", (np.array([(1.0, 1), (2.0, 2)], dtype=[("t", "f8"), ("ch", "u1")]),)),
    ("made", (2,)),
    ("count_items", ([np.zeros(2, dtype=[("x", "f8")]), np.zeros(3, dtype=[("x", "f8")])],)),
]
