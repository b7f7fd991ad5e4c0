# A @vectorize function without signatures (Numba's DUFunc) called from Python: each call
# whose element types no loop accepts compiles one for exactly those types, so the loops
# come in the order of first use; a later call whose types cast safely to an earlier loop
# runs that loop. Loops compiled for jit callers are part of the same ufunc. A lazy ufunc that
# nothing calls still imports.
import numpy as np
from numba import njit, vectorize


@vectorize
def poly(x, y):
    return x * x - y


@vectorize
def halve(v):
    return v / 2


@vectorize
def never_called(v):
    return v + 1


@njit(["(float32[:],)"])
def halve_all(a):
    return halve(a)


CALLS = [
    ("poly", (np.arange(4), 1)),
    ("poly", (np.arange(3, dtype=np.int32), np.arange(3, dtype=np.int32))),
    ("poly", (np.linspace(0.0, 1.0, 3), 0.5)),
    ("poly", (2.5, 1.0)),
    ("poly", (np.arange(6).reshape(2, 3), np.arange(3))),
    ("halve", (np.arange(5),)),
    ("halve", (7,)),
    ("halve_all", (np.arange(3, dtype=np.float32),)),
    ("halve", (np.arange(3, dtype=np.float32),)),
]
