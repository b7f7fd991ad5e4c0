# Dict views passed to and returned from other jit functions: a view holds its dict (returned
# views keep it alive after the function that made it returns); iterators whose data lives in
# the function's frame cannot be returned (NotImplementedError in Numba).
from numba import njit


@njit
def total(v):
    s = 0
    for x in v:
        s += x
    return s


@njit
def keys_of(n):
    d = {i: i * 3 for i in range(n)}
    return d.keys()


@njit
def items_of(n):
    d = {i: float(i) for i in range(n)}
    return d.items()


@njit
def pass_values(n):
    d = {i: i * 2 for i in range(n)}
    return total(d.values()) + total(d.keys())


@njit
def use_returned(n):
    k = keys_of(n)
    s = total(k)
    for a, b in items_of(n):
        s += a * int(b)
    return s, len(k)


@njit
def list_iter_of(n):
    return iter([i for i in range(n)])


@njit
def use_list_iter(n):
    s = 0
    for v in list_iter_of(n):
        s += v
    return s


CALLS = [
    ("pass_values", (4,)),
    ("use_returned", (5,)),
    ("use_list_iter", (3,)),
]
