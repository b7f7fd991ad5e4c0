"""Records stored in a typed Dict are copies of their bytes (Numba stores the record's data):
later writes to the array do not reach the dict, a field set on a value read back changes a
copy, and the dict outlives the array it was filled from."""
import numpy as np
from numba import from_dtype, njit, types
from numba.typed import Dict

PT = np.dtype([("x", np.float64), ("y", np.float64), ("z", np.float64)])
PTT = from_dtype(PT)


@njit
def copies(a):
    d = Dict.empty(types.int64, PTT)
    d[0] = a[0]
    d[1] = a[1]
    a[0].x = 50.0
    d[1].z = 9.0
    return d[0].x, d[0].y, d[1].z, a[1].z


@njit
def fill(n):
    a = np.zeros(n, dtype=PTT)
    d = Dict.empty(types.int64, PTT)
    for i in range(n):
        a[i].x = i * 2.0
        a[i].y = 7.0
        d[i] = a[i]
    return d


@njit
def outlives(n):
    d = fill(n)
    s = 0.0
    for k, v in d.items():
        s += v.x
    return s, d[n - 1].y, len(d)


@njit
def reads(n):
    d = fill(n)
    total = 0.0
    for v in d.values():
        total += v.x + v.y
    r = d.get(1)
    return total, r.x, r.y, len(d)


CALLS = [
    ("copies", (np.array([(1.0, 2.0, 3.0), (4.0, 5.0, 6.0)], dtype=[("x", "f8"), ("y", "f8"), ("z", "f8")]),)),
    ("outlives", (1000,)),
    ("outlives", (1,)),
    ("reads", (3,)),
]
