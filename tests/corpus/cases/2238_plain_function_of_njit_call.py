# `fast = njit(f)` compiles `f` but leaves it a plain Python function of the module: calling `f`
# runs Python (big integers, lists, whatever Python allows), calling `fast` runs compiled code.
# Its `def` reads a module constant and NumPy, which the built module provides.
import numpy as np
from numba import njit

RATE = 0.5


def f(x):
    return x * 2 + 1


fast = njit(f)


def scaled(x):
    return np.sqrt(x) * RATE


fast_scaled = njit(scaled)


def total(a):
    a[0] = 99
    return sum(a)


fast_total = njit(total)


CALLS = [
    ("fast", (3,)),
    ("f", (3,)),
    ("f", (2**70,)),
    ("f", ("ab",)),
    ("fast", (2**70,)),
    ("fast_scaled", (4.0,)),
    ("scaled", (4.0,)),
    ("fast_total", (np.arange(3.0),)),
    ("total", ([1, 2, 3],)),
]
