# map() and filter() (Numba's generator overloads ol_map/ol_filter): jit functions, lambdas,
# builtins and None; several iterables; consumed by list(), for and sum() (Numba's TypingError).
import numpy as np
from numba import njit


@njit
def sq(x):
    return x * x


@njit
def ispos(x):
    return x > 0


@njit
def add(x, y):
    return x + y


@njit
def map_jit(a):
    return list(map(sq, a))


@njit
def map_lambda(a):
    return list(map(lambda x: x + 1, a))


@njit
def map_capture(a, k):
    return list(map(lambda x: x * k, a))


@njit
def map_two(a, b):
    return list(map(add, a, b))


@njit
def filter_jit(a):
    return list(filter(ispos, a))


@njit
def filter_none(a):
    return list(filter(None, a))


@njit
def filter_lambda(xs):
    return list(filter(lambda s: len(s) > 1, xs))


@njit
def sum_map(a):
    return sum(map(sq, a))


@njit
def loop_map(n):
    s = 0.0
    for v in map(lambda i: i / 2, range(n)):
        s += v
    return s


@njit
def map_strs(s):
    return list(map(len, s.split()))


@njit("(int64[::1],)")
def eager_map(a):
    m = map(sq, a)
    f = filter(ispos, a)
    return list(m), list(f)


CALLS = [
    ("map_jit", (np.array([1, 2]),)),
    ("map_lambda", (np.array([1, 2]),)),
    ("map_capture", ([1.0, 2.0, 3.0], 2.0)),
    ("map_two", (np.arange(3), np.arange(5))),
    ("filter_jit", (np.array([1, -2, 3]),)),
    ("filter_none", (np.array([0, 1, 2, 0]),)),
    ("filter_lambda", (["a", "bb", "ccc"],)),
    ("sum_map", (np.arange(4),)),
    ("loop_map", (5,)),
    ("map_strs", ("a bb ccc",)),
    ("filter_jit", (np.zeros(0, dtype=np.int64),)),
    ("eager_map", (np.array([-1, 2, 3]),)),
]
