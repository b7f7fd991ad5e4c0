# @overload of NumPy functions Numba does not implement: jit code calling them (as
# attributes of the module or imported by name) uses the overload.
import numpy as np
from numpy import fix
from numba import njit, types
from numba.extending import overload


@overload(np.fix)
def _ol_fix(x):
    if isinstance(x, types.Float):
        def impl(x):
            return np.floor(x) if x >= 0 else np.ceil(x)
        return impl


@overload(np.heaviside)
def _ol_heaviside(x, h):
    def impl(x, h):
        if x < 0:
            return 0.0
        if x > 0:
            return 1.0
        return h
    return impl


@njit
def use_fix(x):
    return np.fix(x), fix(-x)


@njit
def use_heaviside(x):
    return np.heaviside(x, 0.5)


@njit
def fix_int(x):
    return np.fix(x)


CALLS = [
    ("use_fix", (-2.5,)),
    ("use_fix", (3.75,)),
    ("use_heaviside", (0.0,)),
    ("use_heaviside", (-3.0,)),
    ("use_heaviside", (2,)),
    ("fix_int", (3,)),
]
