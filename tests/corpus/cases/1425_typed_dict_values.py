import numpy as np
from numba import njit, types
from numba.typed import Dict

float_array = types.float64[:]


@njit("(int64,)")
def of_arrays(n):
    d = Dict.empty(key_type=types.unicode_type, value_type=float_array)
    d["x"] = np.zeros(n)
    d["y"] = np.ones(n)
    tot = d["x"].sum() + d["y"].sum()
    return d, tot


@njit("(int64,)")
def of_tuples(n):
    d = {}
    d[n] = (1, 2.0)
    d[n + 1] = (3, 4.0)
    a, b = d[n]
    return d, a, b


@njit("(int64,)")
def of_lists(n):
    d = {}
    d[n] = [1, 2]
    return d


CALLS = [("of_arrays", (2,)), ("of_tuples", (1,))]
