# list.sort / sorted with key= lambdas: long lists with many equal keys (Numba's quicksort
# argsort decides their order), reverse, keys of tuples and strings, keys reading an
# enclosing variable, and a key raising.
import numpy as np
from numba import njit


@njit("(int64,)")
def many_ties(n):
    xs = [(i * 7919) % 23 for i in range(n)]
    a = sorted(xs, key=lambda v: v % 4)
    b = sorted(xs, key=lambda v: v % 3, reverse=True)
    xs.sort(key=lambda v: -(v // 5))
    return a, b, xs


@njit("(int64,)")
def by_parts(n):
    ps = [(i % 3, n - i) for i in range(n)]
    ps.sort(key=lambda p: p[1] * 0.5)
    words = ["pear", "fig", "apple", "kiwi", "banana"]
    w = sorted(words, key=lambda s: len(s))
    return ps, w


@njit("(float64[:], float64)")
def shifted(a, c):
    xs = [x for x in a]
    return sorted(xs, key=lambda v: abs(v - c))


@njit("(int64,)")
def key_raises(n):
    xs = [3, 0, 2]
    return sorted(xs, key=lambda v: n // v)


CALLS = [
    ("many_ties", (40,)),
    ("many_ties", (7,)),
    ("by_parts", (20,)),
    ("shifted", (np.array([0.5, 3.0, -1.0, 2.0, 1.5]), 1.25)),
    ("key_raises", (6,)),
]
