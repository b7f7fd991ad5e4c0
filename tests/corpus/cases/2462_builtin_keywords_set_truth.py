"""Builtins given keyword arguments (`sum(x, start=...)`, `enumerate(a, start=5)`), the truth
of a set, and nonzero of a 0-d array (a TypingError for the method and the function)."""
import numpy as np
from numba import njit

@njit
def s1(x, start):
    return sum(x, start=start)

@njit
def e1(a):
    t = 0
    for i, v in enumerate(a, start=5):
        t += i * v
    return t

@njit
def s2(a):
    return sum(a, start=0.5)

@njit
def set_truth(a):
    s = set(a)
    total = 0
    while s:
        total += s.pop()
    return total

@njit
def set_bool(a):
    s = set(a)
    return bool(s), not s

@njit
def nz(a):
    return a.nonzero()

@njit
def nz_fn(a):
    return np.nonzero(a)

CALLS = [("nz_fn", (np.array(3.0),)), ("s1", ([1.5, 2.5], 3)), ("e1", (np.arange(3),)), ("s2", (np.arange(4),)),
         ("set_truth", ([1, 2, 3],)), ("set_bool", ([1],)), ("set_bool", ([],)), ("nz", (np.array(5),))]
