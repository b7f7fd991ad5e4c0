# Constant tuples as Numba types them. A tuple display CPython folds into one constant is
# Numba's LOAD_CONST of a tuple: its top-level items are constants of their own (literal
# ints), a nested tuple one constant typed by typeof (Tuple(int64, float64), no literals).
# A module-level tuple of ints, bools or strings is a tuple of literals (typeof_global), so
# indexing it with a constant gives a literal; other global tuples are typed by typeof.
import numpy as np
from numba import njit

SHAPE = (2, 3)
MIXED = (1, 2.5)
NAMES = ("a", "bc")
NESTED = ((1, 2), 3)


@njit("(int64,)")
def nested(n):
    t = ((1, 2.0), 3)
    (x, y), z = (1, 2.0), 3
    return t, x, y, z, n


@njit("(int64,)")
def flat(n):
    t = (1, 2.0)
    u = (-1, 2, 3)
    a, b, c = 1, 2, n
    return t, u, a, b, c


@njit("(int64,)")
def deep(n):
    return ((1, (2, 3)), (4.5, "s"), (True, None)), n


@njit("(int64,)")
def globals_(n):
    return SHAPE[1], SHAPE, MIXED, NAMES[0], NESTED, SHAPE[n]


@njit("(int64,)")
def as_shape(n):
    return np.zeros(SHAPE).shape, np.ones(((2, 3))).sum() + n


@njit("(int64,)")
def folded_items(n):
    # CPython folds arithmetic on constants too: these displays are one constant each.
    return ((1, 2), 2 * 3), ((1, 2), 1 + 2j), ((1, 2), ~0), ((1, 2 * 3), -(-4)), n


CALLS = [
    ("nested", (4,)),
    ("flat", (5,)),
    ("deep", (1,)),
    ("globals_", (0,)),
    ("as_shape", (1,)),
    ("folded_items", (2,)),
]
