"""A jit function as a parameter's default (xclim's `weight_func=_tricube_weighting`): calls
from Python and from other jit functions leaving it out call the default; passing another
function calls that one."""
import numpy as np
from numba import njit


@njit
def _double(x):
    return 2 * x


@njit
def _square(x):
    return x * x


@njit
def apply(x, func=_double):
    return func(x)


@njit
def apply_all(x, func=_double, scale=1.0):
    out = np.empty_like(x)
    for i in range(x.size):
        out[i] = func(x[i]) * scale
    return out


@njit
def caller(x):
    return apply(x), apply(x, _square), apply_all(np.full(2, x), scale=0.5)


CALLS = [
    ("apply", (3.0,)),
    ("apply", (3,)),
    ("apply_all", (np.arange(3.0),)),
    ("caller", (1.5,)),
]
