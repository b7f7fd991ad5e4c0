# Ranges of different integer types unify (Numba's RangeType.unify): range(np.int32(3)) and
# range(5) meet as range_state_int64.
import numpy as np
from numba import njit


@njit("int64(int64)")
def range_unify(v):
    if v:
        r = range(np.int32(3))
    else:
        r = range(np.int64(5))
    for x in r:
        return x
    return -1


@njit
def range_unify_sum(v, n):
    if v:
        r = range(np.int32(n))
    else:
        r = range(2, n + 3)
    s = 0
    for x in r:
        s += x
    return s, r.start, r.stop, r.step


CALLS = [
    ("range_unify", (0,)),
    ("range_unify", (1,)),
    ("range_unify_sum", (True, 4)),
    ("range_unify_sum", (False, 4)),
]
