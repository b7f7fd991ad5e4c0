from numba import njit, types
from numba.typed import Dict


@njit("(int64,)")
def squares(n):
    d = Dict.empty(key_type=types.int64, value_type=types.float64)
    for i in range(n):
        d[i] = i * 1.5
    a = d.get(0, -1.0)
    b = d.get(100)
    v = d.pop(1)
    has = 2 in d
    d.setdefault(7, 0.5)
    return d, a, b, v, has, len(d)


@njit("(int64,)")
def inferred(n):
    d = Dict()
    d["a"] = n
    d["b"] = 2
    return d


CALLS = [("squares", (3,)), ("inferred", (1,))]
