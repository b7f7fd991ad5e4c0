# vectorbt registers overloads with `ol_f = overload(f)(f)` (call form, the function is its own
# typing function; it checks isinstance(arg, numba.core.types.Type)).
import numpy as np
from numba import njit
from numba.core.types import Type
from numba.extending import overload


def _double(arr):
    if isinstance(arr, Type):
        def impl(arr):
            return arr * 2
        return impl
    return arr * 2


ol_double = overload(_double)(_double)


def _triple(x):
    return x * 3


def _ol_triple(x):
    def impl(x):
        return x * 3
    return impl


overload(_triple)(_ol_triple)


@njit
def use_double(a):
    return _double(a)


@njit
def use_triple(a):
    return _triple(a)


CALLS = [
    ("use_double", (np.array([1.0, 2.0]),)),
    ("use_triple", (4,)),
]
