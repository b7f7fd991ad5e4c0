"""Module constants NumPy's transcendental functions compute from float64 limits (arch's
`LNSIGMA_MAX = float(np.log(np.finfo(np.double).max) - 0.1)`): typed float64, read from the
module when it is imported."""
import math

import numpy as np
from numba import njit

LNSIGMA_MAX = float(np.log(np.finfo(np.double).max) - 0.1)
LOG_MAX = float(np.log(np.finfo(np.float64).max))
LOG_TINY = np.log(np.finfo(np.float64).tiny)
EPS = float(np.finfo(np.double).eps)
LOG_MAX_MATH = math.log(np.finfo(np.double).max)


@njit
def clip_lnsigma(x):
    return min(x, LNSIGMA_MAX)


@njit("float64(float64)")
def clip_sig(x):
    return max(min(x, LOG_MAX), LOG_TINY)


@njit
def constants():
    return LNSIGMA_MAX, LOG_MAX, LOG_TINY, EPS, LOG_MAX_MATH


CALLS = [
    ("clip_lnsigma", (1000.0,)),
    ("clip_lnsigma", (3.0,)),
    ("clip_sig", (-1e9,)),
    ("constants", ()),
]
