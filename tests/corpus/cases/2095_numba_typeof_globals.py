# Numba types made at module level by numba.typeof of constants and of NumPy arrays, and by
# type constructors, used as typed container item types.
import numpy as np
import numba
from numba import njit, types, typed

PAIR = types.Tuple((types.int64, types.float64))
KEY = types.UniTuple(types.int64, 2)
VECTOR = numba.typeof(np.zeros(3))
MATRIX32 = numba.typeof(np.ones((2, 2), dtype=np.float32))
REAL = numba.typeof(1.0)
POINT = numba.typeof((1, 2.5))
WORD = numba.typeof("w")


@njit("Tuple((int64, float64))(int64)")
def pairs(n):
    items = typed.List.empty_list(PAIR)
    for i in range(n):
        items.append((i, i * 0.5))
    return len(items), items[n - 1][1]


@njit("float64(int64)")
def vectors(n):
    items = typed.List.empty_list(VECTOR)
    items.append(np.ones(n))
    m = typed.List.empty_list(MATRIX32)
    m.append(np.zeros((n, n), dtype=np.float32))
    return items[0].sum() + m[0].sum()


@njit("float64(int64)")
def reals(n):
    d = typed.Dict.empty(KEY, REAL)
    d[(n, n)] = 2.5
    p = typed.Dict.empty(WORD, POINT)
    p["a"] = (n, 0.5)
    return d[(n, n)] + p["a"][1]


CALLS = [
    ("pairs", (3,)),
    ("vectors", (2,)),
    ("reals", (4,)),
]
