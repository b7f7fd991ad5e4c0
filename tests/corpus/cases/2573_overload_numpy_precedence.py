# A module's @overload of a NumPy function Numba also implements: Numba registers its own
# implementations of NumPy functions lazily (on its first compilation, after the module's), so
# the module's is tried first, and Numba's where it gives no implementation; ufuncs, argsort and
# math functions are Numba's first.
import math

import numpy as np
from numba import njit, types
from numba.extending import overload


@overload(np.clip)
def np_clip_user(a, a_min, a_max, out=None):
    if isinstance(a, types.Array):
        def impl(a, a_min, a_max, out=None):
            return np.full(a.shape, 42.0)
        return impl


@overload(np.cumsum)
def np_cumsum_user(a):
    # Only 2-d arrays: others are Numba's.
    if isinstance(a, types.Array) and a.ndim == 2:
        def impl(a):
            return np.zeros(3)
        return impl


@overload(np.sqrt)
def np_sqrt_user(x):
    def impl(x):
        return -1.0
    return impl


@overload(math.hypot)
def hypot_user(x, y):
    def impl(x, y):
        return -1.0
    return impl


@njit
def use_clip(d):
    return np.clip(d, 0.0, 1.5)


@njit
def use_clip_scalar(x):
    return np.clip(x, 0.0, 1.5)


@njit
def use_cumsum_1d(d):
    return np.cumsum(d)


@njit
def use_cumsum_2d(d):
    return np.cumsum(d)


@njit
def use_sqrt(x):
    return np.sqrt(x)


@njit
def use_hypot(x, y):
    return math.hypot(x, y)


CALLS = [
    ("use_clip", (np.array([1.0, -2.0, 3.0]),)),
    ("use_clip_scalar", (3.0,)),
    ("use_cumsum_1d", (np.array([1.0, -2.0, 3.0, 4.0]),)),
    ("use_cumsum_2d", (np.ones((2, 2)),)),
    ("use_sqrt", (4.0,)),
    ("use_hypot", (3.0, 4.0)),
]
