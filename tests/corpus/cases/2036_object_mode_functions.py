# Functions compiled with forceobj=True run in object mode, as Python: the built module
# defines them from their source (tracebacks point at their lines), calling its jit functions.
import numpy as np
from numba import jit, njit

SCALE = 3


@njit("int64(int64)")
def helper(x):
    return x + 1


@jit("float64(float64)", forceobj=True)
def doubled(x):
    return x * 2


@jit(forceobj=True)
def uses_module(a):
    d = {"k": [1, 2]}
    return float(np.sum(a)) * SCALE + helper(1) + len(d["k"])


@jit(forceobj=True)
def raises(n):
    if n > 1:
        raise KeyError(n)
    return str(n)


CALLS = [
    ("doubled", (1.5,)),
    ("uses_module", (np.arange(4.0),)),
    ("raises", (1,)),
    ("raises", (2,)),
]
