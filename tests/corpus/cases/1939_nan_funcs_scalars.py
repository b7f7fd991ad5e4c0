# np.nan_to_num with copy given at run time (False converts in place), reductions of plain
# numbers, np.nanmedian, np.isin with number / tuple / list test elements.
import numpy as np
from numba import njit


@njit("(float64[:], boolean)")
def n2n(a, c):
    r = np.nan_to_num(a, copy=c, nan=-1.0)
    return r, a


@njit("(float64,)")
def red(x):
    return np.max(x), np.min(x), np.mean(x), np.prod(x), np.nansum(x), np.nanmax(x)


@njit("(float64[:],)")
def nmed(a):
    return np.nanmedian(a)


@njit("(int64[:],)")
def isin(a):
    return np.isin(a, 3), np.isin(a, (1, 3)), np.isin(a, [2, 4], invert=True)


CALLS = [
    ("n2n", (np.array([1.0, float("nan"), float("inf")]), True)),
    ("n2n", (np.array([1.0, float("nan"), float("inf")]), False)),
    ("red", (2.5,)),
    ("red", (float("nan"),)),
    ("nmed", (np.array([3.0, float("nan"), 1.0, 2.0]),)),
    ("nmed", (np.array([float("nan")]),)),
    ("nmed", (np.array([4.0, 1.0, float("nan"), 3.0, 2.0]),)),
    ("isin", (np.array([1, 2, 3, 4]),)),
]
