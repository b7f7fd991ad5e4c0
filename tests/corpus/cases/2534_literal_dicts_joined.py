"""Dicts of string keys and values of several types assigned in two branches join when their
keys agree (Numba's `LiteralStrKeyDict.unify`: each value unified)."""
import numpy as np
from numba import njit


@njit("unicode_type(int64)")
def pick(x):
    if x + 7 > 4:
        a = {"a": 2j, "c": "d", "e": np.zeros(4)}
    else:
        a = {"a": 5j, "c": "CAT", "e": np.zeros((5,))}
    return a["c"]


@njit
def sizes(x):
    if x > 0:
        a = {"n": 1, "v": np.ones(2)}
    else:
        a = {"n": 2.5, "v": np.ones(3)}
    return a["n"], a["v"].size


CALLS = [
    ("pick", (100,)),
    ("pick", (-100,)),
    ("sizes", (1,)),
    ("sizes", (-1,)),
]
