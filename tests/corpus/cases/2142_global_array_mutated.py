# Module-level arrays changed by later module statements (item and slice assignments,
# augmented assignments, fill) before the first call: Numba freezes the value the module has
# made by the time it compiles (the first call for lazy functions, the def for eager ones).
import numpy as np
from numba import njit

GRID = np.zeros((3, 4))
GRID[1, 2] = 5.0
GRID[0] = 1.5
GRID[2, 1:3] = np.array([7.0, 8.0])
GRID[-1, -1] += 10

W = np.arange(6)
W[::2] = -1
W[1] *= 7

T = np.ones(4, dtype=np.int32)


@njit("float64()")
def eager_sum():
    return T.sum() * 1.0


T.fill(3)
T[0] = 2.9

DERIVED = W * 2


@njit
def grid_total():
    return GRID.sum(), GRID[1, 2], GRID[2, 3]


@njit
def w_items():
    return W[0], W[1], W[5], W.sum()


@njit
def t_now():
    return T[0], T[3], T.sum()


@njit
def derived():
    return DERIVED[1], DERIVED.sum()


CALLS = [
    ("grid_total", ()),
    ("w_items", ()),
    ("eager_sum", ()),
    ("t_now", ()),
    ("derived", ()),
]
