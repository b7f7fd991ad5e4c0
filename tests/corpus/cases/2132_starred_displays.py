# Starred items in tuple and list displays: `(*t, 0)` is the tuples concatenated (Numba
# rewrites CPython's list building into `t + (0,)`), `[*t, 5]` the list of `t`'s items
# extended by the others.
from numba import njit


@njit("(UniTuple(int64, 2),)")
def tup_star(t):
    return (*t, 0)


@njit("(UniTuple(int64, 2), Tuple(float64, int64))")
def tup_star2(a, b):
    return (*a, *b), (1, *b, 2)


@njit
def list_star(t):
    return [*t, 5]


@njit
def mixed(t):
    return (*t, "x", *t)


CALLS = [("tup_star", ((1, 2),)), ("tup_star2", ((1, 2), (3.5, 4))), ("list_star", ((1, 2),)), ("mixed", ((1, 2.5),))]
