"""A generator's type names its argument types as Python prints the tuple of them: each type's
Numba `repr` (`Array(float64, 1, 'C', False, aligned=True)`, `UniTuple(int64, 2)`,
`Tuple((int64, float64))`, `List(int64, False)`), not its name."""
import numpy as np
from numba import njit


@njit("(float64[::1],)")
def items(arr):
    for i in range(arr.size):
        yield arr[i]


@njit("(UniTuple(intp, 2),)")
def indices(shape):
    for ind in np.ndindex(shape):
        yield ind


@njit("(float64[:, :], Tuple((int64, float64)), unicode_type, List(int64))")
def mixed(a, t, s, l):
    yield a[0, 0] + t[1] + len(s) + l[0]


@njit
def consume(a):
    total = 0.0
    g = items(a)
    for x in g:
        total += x
    return total


CALLS = [
    ("consume", (np.arange(4.0),)),
    ("items", (np.arange(3.0),)),
]
