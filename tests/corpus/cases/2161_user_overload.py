# User @overload of plain Python functions (numba.extending.overload): the typing function
# runs on the argument types and picks an implementation (an inner function compiled as a jit
# function); returning None is Numba's TypingError, as is a raised TypingError.
import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload


def clamp(x, lo, hi):
    return min(max(x, lo), hi)


@overload(clamp)
def _ol_clamp(x, lo, hi):
    if isinstance(x, (types.Integer, types.Float)):
        def impl(x, lo, hi):
            return lo if x < lo else (hi if x > hi else x)
        return impl


def describe(v):
    return 0


@overload(describe)
def _ol_describe(v):
    if isinstance(v, types.Integer):
        def int_impl(v):
            return v * 10
        return int_impl
    elif isinstance(v, types.Float):
        def float_impl(v):
            return v / 2.0
        return float_impl
    elif isinstance(v, types.Array):
        def array_impl(v):
            return v.sum()
        return array_impl
    raise TypingError("describe: unsupported type")


@njit
def use_clamp(x):
    return clamp(x, 0, 10)


@njit
def use_clamp_float(x):
    return clamp(x, 0.5, 2.5)


@njit
def use_describe(a, n, f):
    return describe(a), describe(n), describe(f)


@njit
def clamp_string(s):
    return clamp(s, 0, 1)


@njit
def describe_string(s):
    return describe(s)


CALLS = [
    ("use_clamp", (42,)),
    ("use_clamp", (-3,)),
    ("use_clamp", (7,)),
    ("use_clamp_float", (3.0,)),
    ("use_clamp_float", (1.25,)),
    ("use_describe", (np.arange(4.0), 3, 5.0)),
    ("clamp_string", ("x",)),
    ("describe_string", ("x",)),
]
