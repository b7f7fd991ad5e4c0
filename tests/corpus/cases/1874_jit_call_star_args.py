# Calls of jit functions with `*args` parameters: extra positional arguments are packed into a
# tuple (Numba's StarArgTuple), and a `*tuple` at the call site is spread first.
from numba import njit


@njit
def total(*vals):
    s = 0
    for v in vals:
        s += v
    return s


@njit
def head(a, b=10, *rest):
    return a * 100 + b + len(rest)


@njit("(int64, float64)")
def star_call(a, b):
    # A heterogeneous tuple cannot be iterated: Numba refuses this function.
    return total(a, b, 1), total(), total(a)


@njit("(int64, int64)")
def star_same(a, b):
    return total(a, b), total(a), total(b, a, b)


@njit("(float64, float64)")
def star_floats(a, b):
    return total(a, b), total(b, a, b)


@njit("(UniTuple(int64, 3),)")
def star_unpack(t):
    return total(*t), head(*t), head(1, *t)


@njit("(int64,)")
def with_defaults(n):
    return head(n), head(n, 2), head(n, 2, 3, 4)


CALLS = [
    ("star_call", (1, 2.5)),
    ("star_same", (3, 4)),
    ("star_floats", (0.5, 2.25)),
    ("star_unpack", ((1, 2, 3),)),
    ("with_defaults", (7,)),
]
