# An empty list whose element type comes only from an append inside an inner function:
# Numba inlines the closure, so the append refines the list.
from numba import njit


@njit
def closure_append(n):
    acc = []

    def push(v):
        acc.append(v * v)
    for i in range(n):
        push(i)
    return acc


@njit
def closure_dict_set(n):
    d = {}

    def put(k):
        d[k] = 2.0 * k
    for i in range(n):
        put(i)
    return len(d)


CALLS = [
    ("closure_append", (4,)),
    ("closure_dict_set", (3,)),
]
