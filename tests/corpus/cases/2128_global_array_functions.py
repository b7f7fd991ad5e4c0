# Module-level arrays made by np.concatenate, np.repeat, np.tile, np.diag, np.outer and
# np.cumprod of constant arrays: computed as NumPy computes them (promotion included), typed by
# Numba's typeof of the value and frozen into the code.
import numpy as np
from numba import njit

A = np.arange(6)
CAT = np.concatenate((A, A[::-1]))
MIXED = np.concatenate([np.arange(2), np.array([0.5, 1.5])])
REP = np.repeat(np.array([1, 2]), 3)
TILE = np.tile(np.array([0.5, 1.5]), 2)
DIAG = np.diag(np.array([1.0, 2.0, 3.0]))
OUTER = np.outer(np.array([1, 2]), np.array([3, 4, 5]))
FACT = np.cumprod(np.arange(1, 8))
HALVES = np.full(4, 0.5).cumprod()


@njit("(int64,)")
def pick(i):
    return CAT[i], MIXED[i], REP[i], TILE[i], DIAG[i, i], OUTER[1, i], FACT[i], HALVES[i]


@njit("()")
def totals():
    return CAT.sum(), MIXED.sum(), REP.sum(), TILE.sum(), DIAG.sum(), OUTER.sum(), FACT[-1], HALVES[-1]


@njit("()")
def arrays():
    return CAT, MIXED, OUTER, FACT


CALLS = [("pick", (1,)), ("pick", (2,)), ("totals", ()), ("arrays", ())]
