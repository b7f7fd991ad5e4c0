"""Jit functions compiled for exactly one explicit signature have a function type (Numba's
`Dispatcher.get_function_type`): different such functions make a tuple or list of
`FunctionType[float64(float64)]`, meet in one variable across branches, and convert to a
`FunctionType` parameter; calls through them are indirect."""
from numba import njit


@njit("float64(float64)")
def sq(x):
    return x * x


@njit("float64(float64)")
def neg(x):
    return -x


@njit(["float64(float64)", "int64(int64)"])
def twice(x):
    return 2 * x


@njit
def apply(f, x):
    return f(x)


@njit("float64(FunctionType(float64(float64)), float64)")
def apply_typed(f, x):
    return f(x)


@njit
def by_index(x):
    fs = (sq, neg)
    s = 0.0
    for i in range(len(fs)):
        s += fs[i](x)
    return s


@njit
def by_constant_index(x):
    fs = (sq, neg)
    return fs[0](x) + fs[1](x)


@njit
def in_list(x):
    fs = [sq, neg]
    return fs[1](fs[0](x))


@njit
def in_loop(x):
    y = 0.0
    for f in (sq, neg):
        y += f(x)
    return y


@njit
def chosen(k, x):
    if k == 0:
        f = sq
    else:
        f = neg
    return apply(f, x)


@njit
def converted(x):
    return apply_typed(sq, x) + apply_typed(neg, x)


@njit
def two_signatures(x):
    fs = (twice, sq)
    return fs[0](x) + fs[1](x)


CALLS = [
    ("by_index", (3.0,)),
    ("by_constant_index", (3.0,)),
    ("in_list", (3.0,)),
    ("in_loop", (3.0,)),
    ("chosen", (0, 3.0)),
    ("chosen", (1, 3.0)),
    ("converted", (3.0,)),
    ("two_signatures", (3.0,)),
]
