# @overload_method(types.X, "name") and @overload_attribute(types.X, "name"): methods and
# attributes the module adds to Numba types, used from jit code on arrays, strings and numbers
# (the typing function gets the receiver's type first).
import numpy as np
from numba import njit, types
from numba.extending import overload_attribute, overload_method


@overload_method(types.Array, "sumsq")
def _ol_sumsq(a):
    def impl(a):
        return (a * a).sum()
    return impl


@overload_method(types.Array, "scaled")
def _ol_scaled(a, k):
    if isinstance(k, (types.Integer, types.Float)):
        def impl(a, k):
            return a * k
        return impl


@overload_method(types.Array, "clipped")
def _ol_clipped(a, lo=0, hi=1):
    def impl(a, lo=0, hi=1):
        return np.minimum(np.maximum(a, lo), hi)
    return impl


@overload_method(types.UnicodeType, "shout")
def _ol_shout(s):
    def impl(s):
        return s.upper() + "!"
    return impl


@overload_method(types.Integer, "double")
def _ol_double(x):
    return lambda x: x * 2


@overload_attribute(types.Array, "first_item")
def _ol_first_item(a):
    def get(a):
        return a.flat[0]
    return get


@overload_attribute(types.Array, "rows")
def _ol_rows(a):
    if a.ndim == 2:
        return lambda a: a.shape[0]
    return lambda a: 1


@njit
def use_attrs(a):
    return a.first_item, a.rows


@njit
def use_sumsq(a):
    return a.sumsq()


@njit
def use_scaled(a, k):
    return a.scaled(k)


@njit
def use_clipped(a):
    return a.clipped(), a.clipped(0.5, hi=2.5)


@njit
def use_shout(s):
    return s.shout()


@njit
def use_double(n):
    return n.double()


@njit
def unknown(a):
    return a.nosuchmethod()


CALLS = [
    ("use_sumsq", (np.arange(4.0),)),
    ("use_sumsq", (np.arange(4),)),
    ("use_sumsq", (np.arange(6.0).reshape(2, 3),)),
    ("use_scaled", (np.arange(3.0), 2)),
    ("use_scaled", (np.arange(3.0), 1.5)),
    ("use_scaled", (np.arange(3.0), "x")),
    ("use_clipped", (np.array([-1.0, 0.25, 3.0]),)),
    ("use_shout", ("hi",)),
    ("use_double", (21,)),
    ("use_double", (2.5,)),
    ("unknown", (np.arange(2),)),
    ("use_attrs", (np.arange(6).reshape(2, 3),)),
    ("use_attrs", (np.arange(3.0) + 7,)),
]
