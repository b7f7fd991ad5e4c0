# @overload: keyword arguments and defaults of the implementation, typing functions testing
# `is None`, attributes of the argument types (ndim, layout, dtype, bitwidth, signed) and
# literal types (prefer_literal=True), and omitted arguments taking the typing function's
# Python defaults.
import numpy as np
from numba import njit, types
from numba.extending import overload


def scale(x, factor):
    pass


@overload(scale)
def _ol_scale(x, factor):
    if isinstance(x, types.Number):
        def impl(x, factor):
            return x * factor
        return impl


def with_default(x, k=2):
    pass


@overload(with_default)
def _ol_with_default(x, k=2):
    def impl(x, k=2):
        return x * k
    return impl


def pair(x, y=None):
    pass


@overload(pair)
def _ol_pair(x, y=None):
    if y is None or isinstance(y, types.NoneType):
        return lambda x, y=None: (x, x)
    return lambda x, y=None: (x, y)


def kind(a):
    pass


@overload(kind)
def _ol_kind(a):
    if isinstance(a, types.Array) and a.ndim == 1 and a.layout == "C":
        return lambda a: 1
    if isinstance(a, types.Array) and a.ndim >= 2:
        return lambda a: 2
    if isinstance(a, types.Array) and isinstance(a.dtype, types.Float):
        return lambda a: 3
    if isinstance(a, types.Integer) and a.bitwidth == 32:
        return lambda a: 32
    if isinstance(a, types.Integer) and not a.signed:
        return lambda a: -1
    return lambda a: 0


def sign_of(x):
    pass


@overload(sign_of, prefer_literal=True)
def _ol_sign_of(x):
    if isinstance(x, types.IntegerLiteral):
        return lambda x: 100
    if isinstance(x, types.Integer):
        return lambda x: 1 if x > 0 else (-1 if x < 0 else 0)


def lit_only(x):
    pass


@overload(lit_only)
def _ol_lit_only(x):
    if isinstance(x, types.IntegerLiteral):
        return lambda x: x * 10


def wide(x):
    pass


@overload(wide)
def _ol_wide(x):
    w = x.bitwidth
    big = w >= 64
    if big:
        return lambda x: x
    return lambda x: x * 2


def total(*args):
    pass


@overload(total)
def _ol_total(*args):
    def impl(*args):
        s = 0
        for a in args:
            s += a
        return s
    return impl


def first_plus(x, *rest):
    pass


@overload(first_plus)
def _ol_first_plus(x, *rest):
    def impl(x, *rest):
        return x + len(rest)
    return impl


@njit
def use_star(a, b, c):
    return total(a, b, c), first_plus(a), first_plus(a, b, c)


@njit
def total_empty():
    return total()


@njit
def use_wide(a, b):
    return wide(a), wide(b)


@njit
def use_scale(x):
    return scale(x, factor=3), scale(factor=4, x=x)


@njit
def use_default(x):
    return with_default(x), with_default(x, 5), with_default(x, k=7)


@njit
def use_pair(x):
    return pair(x, None), pair(x, 2), pair(x)


@njit
def use_kind(a, b, c, i, u):
    return kind(a), kind(b), kind(c), kind(i), kind(u), kind(1.5)


@njit
def use_sign(x):
    return sign_of(x), sign_of(5)


@njit
def use_lit_only():
    return lit_only(4)


CALLS = [
    ("use_scale", (2,)),
    ("use_scale", (1.5,)),
    ("use_default", (3,)),
    ("use_pair", (7,)),
    ("use_kind", (np.arange(3), np.ones((2, 2)), np.arange(6.0)[::2], np.int32(1), np.uint8(1))),
    ("use_sign", (-4,)),
    ("use_lit_only", ()),
    ("use_wide", (3, np.int16(4))),
    ("use_star", (1, 2, 3)),
    ("use_star", (1.5, 2, 3)),
    ("total_empty", ()),
]
