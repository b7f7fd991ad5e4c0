"""Records with a `U` field (Numba's `[unichr x n]`): read as a string, written from one
(truncated to the field's length), compared."""
import numpy as np
from numba import njit


@njit
def names(arr):
    return arr[0].name, arr[1].name


@njit
def rename(arr, i, s):
    arr[i].name = s
    return arr[i].name, arr[i].v


@njit
def count_named(arr, s):
    c = 0
    for r in arr:
        if r.name == s:
            c += r.v
    return c


@njit
def by_key(arr):
    return arr[0]["name"], len(arr[1]["name"])


CALLS = [
    ("names", (np.array([("abc", 1), ("xy", 2)], dtype=[("name", "U4"), ("v", "i4")]),)),
    ("rename", (np.array([("abc", 1), ("xy", 2)], dtype=[("name", "U4"), ("v", "i4")]), 1, "hello")),
    ("rename", (np.array([("abc", 1), ("xy", 2)], dtype=[("name", "U4"), ("v", "i4")]), 0, "")),
    ("count_named", (np.array([("a", 1), ("b", 2), ("a", 3)], dtype=[("name", "U2"), ("v", "i8")]), "a")),
    ("by_key", (np.array([("abc", 1), ("xy", 2)], dtype=[("name", "U4"), ("v", "i4")]),)),
]
