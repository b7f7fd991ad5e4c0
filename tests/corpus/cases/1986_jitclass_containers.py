# @jitclass instances in typed dicts and lists (`P.class_type.instance_type` bound to a
# module-level name), returned to Python, and read in a prange loop.
import numpy as np
from numba import njit, int64, float64, prange, types
from numba.typed import Dict, List
from numba.experimental import jitclass


@jitclass([("x", float64)])
class P:
    def __init__(self, x):
        self.x = x


ptype = P.class_type.instance_type


@njit("(int64,)")
def table(n):
    d = Dict.empty(key_type=types.int64, value_type=ptype)
    for i in range(n):
        d[i] = P(i * 1.5)
    return d[n - 1].x, len(d)


@njit("(int64,)")
def plist(n):
    l = List()
    for i in range(n):
        l.append(P(i * 1.0))
    s = 0.0
    for p in l:
        s += p.x
    return s


@njit("(int64,)", parallel=True)
def par(n):
    ps = [P(i * 1.0) for i in range(n)]
    out = np.zeros(n)
    for i in prange(n):
        out[i] = ps[i].x * 2
    return out.sum()


@njit("(int64,)")
def listed(n):
    l = List.empty_list(ptype)
    l.append(P(float(n)))
    return l


CALLS = [("table", (4,)), ("plist", (5,)), ("par", (10,)), ("listed", (2,))]
