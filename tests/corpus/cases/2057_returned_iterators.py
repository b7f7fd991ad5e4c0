# Iterators returned from a jit function: Numba cannot return iterators whose data model holds a
# pointer (list, array, range, string and tuple iterators, zip, enumerate, flat, ndenumerate):
# lowering the return fails (NotImplementedError). Ranges, dict views and dict iterators are
# values and may be returned to another jit function.
import numpy as np
from numba import njit


@njit("(int64,)")
def list_iter(n):
    return iter([i for i in range(n)])


@njit("(float64[:],)")
def array_iter(a):
    return iter(a)


@njit("(int64,)")
def zipped(n):
    return zip(range(n), range(n))


@njit("(int64,)")
def enumerated(n):
    return enumerate(range(n))


@njit("(float64[:, :],)")
def flat(a):
    return a.flat


@njit("(int64,)")
def tuple_with_iter(n):
    return n, iter(range(n))


@njit
def make_range(n):
    return range(n)


@njit
def count_range(n):
    s = 0
    for v in make_range(n):
        s += v
    return s


CALLS = [("count_range", (5,))]
