# typed List.empty_list with the `allocated=` keyword (preallocated capacity).
from numba import njit, types
from numba.typed import List


@njit
def prealloc(n):
    l = List.empty_list(types.int64, allocated=n)
    for i in range(n):
        l.append(i * i)
    return len(l), l[-1]


@njit
def prealloc_positional(n):
    l = List.empty_list(types.float64, n)
    l.append(1.5)
    return len(l)


CALLS = [
    ("prealloc", (4,)),
    ("prealloc_positional", (8,)),
]
