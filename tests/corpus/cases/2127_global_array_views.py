# Module-level values computed from constant arrays: `EDGES.shape[0] - 1`, `len(EDGES)` and
# `M.size` are Python ints (literal types, as constants), and subscripts and transposes keep
# the layout NumPy gives them (Numba types a global array by its flags): a slice of step 1 or
# a row is C, a stepping or reversed slice A, a transpose F, a fancy index a new C array.
import numpy as np
from numba import njit

EDGES = np.linspace(0.0, 1.0, 5)
NB = EDGES.shape[0] - 1
NE = len(EDGES)
INNER = EDGES[1:-1]
REV = EDGES[::-1]
EVERY = EDGES[::2]
MID = EDGES[2]
PICK = EDGES[[0, 2, 4]]
M = np.arange(6.0).reshape(2, 3)
MT = M.T
ROW = M[1]
ROWS = M[[1, 0]]
SIZE = M.size + M.shape[1]
ONE = np.arange(3.0).reshape(1, 3).T


@njit("(int64,)")
def counts(i):
    return NB + i, NE, SIZE


@njit("(int64,)")
def pieces(i):
    return INNER[i], REV[i], MID, PICK[i], MT[i, 1], ROW[i], EVERY[i], ROWS[0, i]


@njit("()")
def whole():
    return INNER, MT, ROW, REV, EVERY, ROWS, ONE


@njit("()")
def histogram_bins():
    counts = np.zeros(NB, dtype=np.int64)
    for k in range(NB):
        counts[k] = k * NE
    return counts


CALLS = [("counts", (1,)), ("pieces", (1,)), ("whole", ()), ("histogram_bins", ())]
