# Jit functions made by calling njit/jit on a module-level function (norm = njit(f),
# njit(fastmath=True)(f), jit(f, nopython=True)): names of the module, callable from jit code.
import math
import numpy as np
from numba import njit, jit


def _plain_norm(a):
    return math.sqrt((a * a).sum())


norm = njit(_plain_norm)


def _plain_sum(a):
    s = 0.0
    for x in a:
        s += x
    return s


fast_sum = njit(fastmath=True)(_plain_sum)


def _scaled(a, k):
    return a * k


scaled = jit(_scaled, nopython=True)


@njit
def uses(a):
    return norm(a) + fast_sum(a) + scaled(a, 2.0).sum()


CALLS = [
    ("norm", (np.array([3.0, 4.0]),)),
    ("fast_sum", (np.array([1.0, 2.0]),)),
    ("scaled", (np.array([1.0, 2.0]), 3.0)),
    ("uses", (np.array([3.0, 4.0]),)),
]
