"""Items of a unicode array (`[unichr x n]`) in tuples: returned to Python, passed to and
returned from another jit function, compared and converted with `str`."""
import numpy as np
from numba import njit


@njit
def charseq_ops(a):
    s = a[0]
    return s, len(s), s == a[1], str(s)


@njit
def pick(a, i):
    return a[i], i


@njit
def via_callee(a):
    t = pick(a, 1)
    return t[0] + "!", t[1]


@njit
def first(a):
    return a[0]


CALLS = [
    ("charseq_ops", (np.array(["ab", "cd"]),)),
    ("charseq_ops", (np.array(["xyz", "xyz", "q"]),)),
    ("pick", (np.array(["a", "bcd"]), 1)),
    ("via_callee", (np.array(["a", "bcd"]),)),
    ("first", (np.array(["hello", "w"]),)),
]
