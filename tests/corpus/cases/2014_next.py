# next() of a generator or an iterator (iter() of a range or an array): its next item;
# exhausted, StopIteration().
import numpy as np
from numba import njit


@njit
def gen_sq(n):
    for i in range(n):
        yield i * i


@njit("int64(int64)")
def gen_next(n):
    g = gen_sq(n)
    a = next(g)
    b = next(g)
    return a * 10 + b


@njit("int64(int64)")
def iter_next(n):
    it = iter(range(n))
    a = next(it)
    b = next(it)
    return a * 10 + b


@njit("float64(float64[:])")
def arr_next(a):
    it = iter(a)
    return next(it) + next(it)


@njit("int64(int64)")
def gen_rest(n):
    g = gen_sq(n)
    first = next(g)
    s = 0
    for x in g:
        s += x
    return first * 1000 + s

CALLS = [("gen_next", (5,)), ("gen_next", (1,)), ("iter_next", (4,)), ("iter_next", (1,)), ("arr_next", (np.arange(3.0),)), ("arr_next", (np.arange(1.0),)), ("gen_rest", (5,))]
