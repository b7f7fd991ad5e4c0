"""A dict of lists filled with d[k].append(...) before any d[k] = [...]: the method read from the
still-untyped dict has no type, and Numba reports that call (CallConstraint needs its callee)
before the store that would be an error later."""
import numpy as np
from numba import njit


@njit("int64(int64)")
def groups(n):
    d = {}
    for i in range(n):
        k = i % 3
        if k in d:
            d[k].append(i)
        else:
            d[k] = [i]
    return len(d)


@njit("int64(int64)")
def groups2(n):
    d = dict()
    for i in range(n):
        d[i % 2] = [i]
        d[i % 2].append(i)
    return len(d)
