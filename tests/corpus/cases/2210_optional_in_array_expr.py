# Optional numbers (`optional(float64)` arguments, a variable that is None on one path) as
# operands of array expressions: read as the number where the expression runs.
import numpy as np
from numba import njit


@njit("float64[:](float64[:], optional(float64))")
def maybe_shift(a, s):
    if s is None:
        return a.copy()
    return a + s


@njit
def maybe_scale(a, flag):
    s = None
    if flag:
        s = 2.0
    if s is None:
        return a.copy()
    return a * s + 1.0


@njit(parallel=True)
def maybe_clip(a, hi):
    limit = None
    if hi > 0:
        limit = hi
    if limit is None:
        return a.copy()
    return np.minimum(a, limit) * 0.5


@njit
def unchecked(a, s):
    return a - s


CALLS = [
    ("maybe_shift", (np.arange(3.0), 1.5)),
    ("maybe_shift", (np.arange(3.0), None)),
    ("maybe_scale", (np.ones(4), True)),
    ("maybe_scale", (np.ones(4), False)),
    ("maybe_clip", (np.arange(6.0), 3)),
    ("maybe_clip", (np.arange(6.0), 0)),
    ("unchecked", (np.arange(3.0), 2.0)),
]
