# Reductions of plain numbers: np.all / np.any give bool(x), np.cumsum the number in the
# accumulator's type (a boolean or a narrow integer widens), np.prod / np.mean / np.nanmax
# the number; np.nansum, np.nanmean, np.median and np.cumprod take arrays only (case 1939).
import numpy as np
from numba import njit


@njit("(float64, int32, boolean)")
def alls(x, i, b):
    return np.all(x), np.any(x), np.all(i), np.any(b), np.all(b)


@njit("(float64, int32, boolean, uint8)")
def csum(x, i, b, u):
    return np.cumsum(x), np.cumsum(i), np.cumsum(b), np.cumsum(u)


@njit("(int16,)")
def others(i):
    return np.prod(i), np.mean(i), np.nanmax(i), np.nanmin(i), np.sum(i)


@njit("(float64,)")
def nanmean_scalar(x):
    return np.nanmean(x)


@njit("(int64,)")
def median_scalar(x):
    return np.median(x)


@njit("(float64,)")
def cumprod_scalar(x):
    return np.cumprod(x)


@njit("(int64,)")
def nanprod_scalar(x):
    return np.nanprod(x)


CALLS = [
    ("alls", (0.0, 3, False)),
    ("alls", (float("nan"), 0, True)),
    ("csum", (2.5, 7, True, 200)),
    ("others", (-3,)),
]
