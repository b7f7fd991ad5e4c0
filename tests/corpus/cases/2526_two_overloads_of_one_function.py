"""Two `@overload` registrations of one function (Numba's `where` example): each call takes
the first whose typing function gives an implementation for its types; a TypingError raised
by the first is reported only when no later one matches."""
import numpy as np
from numba import errors, njit, types
from numba.extending import overload


def where(cond, x, y):
    raise NotImplementedError


@overload(where)
def ov_arrays(cond, x, y):
    if isinstance(cond, types.Array):
        def impl(cond, x, y):
            return np.where(cond, x, y)
        return impl


@overload(where)
def ov_scalars(cond, x, y):
    if not isinstance(cond, types.Array):
        def impl(cond, x, y):
            return x if cond else y
        return impl


def pick(a):
    raise NotImplementedError


@overload(pick)
def ov_pick_int(a):
    if not isinstance(a, types.Integer):
        raise errors.TypingError("pick: not an integer")
    return lambda a: a * 2


@overload(pick)
def ov_pick_float(a):
    if isinstance(a, types.Float):
        return lambda a: a / 2


@njit
def by_keyword(cond, x, y):
    return where(cond, y=y, x=x)


@njit
def positional(cond, x, y):
    return where(cond, x, y)


@njit
def use_pick(a):
    return pick(a)


CALLS = [
    ("by_keyword", (True, 3, 8)),
    ("positional", (False, 3, 8)),
    ("positional", (np.array([True, False]), np.arange(2), np.arange(2) + 5)),
    ("use_pick", (3,)),
    ("use_pick", (3.0,)),
    ("use_pick", (1j,)),
]
