# interpolation.py fungen.py: @overload typing functions that compare the argument type with a
# module global made by numba.typeof(...), or call len() on a tuple type / *args.
import numba
import numpy as np
from numba import njit, types
from numba.extending import overload

t_coord = numba.typeof((2.3, 2.4, 1))


def kind(gc):
    pass


@overload(kind)
def ol_kind(gc):
    if gc == t_coord:
        return lambda gc: 1
    return lambda gc: 2


def count(t):
    pass


@overload(count)
def ol_count(t):
    k = len(t)
    def impl(t):
        return k
    return impl


@njit
def use_kind(a, b, n):
    return kind((a, b, n))


@njit
def use_count(t):
    return count(t)




def describe(x):
    pass


@overload(describe)
def ol_describe(x):
    w = x.bitwidth
    big = w >= 64
    def impl(x):
        if big:
            return w * 2
        return w
    return impl


@njit
def use_describe(x):
    return describe(x)


CALLS = [
    ("use_kind", (0.0, 1.0, 3)),
    ("use_count", ((1.0, 2.0, 3.0),)),
    ("use_describe", (3,)),
    ("use_describe", (1.5,)),
    ("use_describe", (np.float32(1.5),)),
]
