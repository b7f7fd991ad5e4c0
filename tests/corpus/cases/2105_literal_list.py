# A list display whose items do not unify is Numba's LiteralList: its length is a literal and
# constant indices give each item's type; iterating it, `in`, a variable index, or returning
# it are errors.
from numba import njit


@njit("(int64,)")
def length(n):
    l = [n, "a"]
    return len(l)


@njit("(int64,)")
def constant_items(n):
    l = [n, "a", 2.5]
    return l[0] + 1, l[1], l[-1], len(l)


@njit("(int64,)")
def unused(n):
    l = [n, "x"]
    return n


@njit("(int64,)")
def iterated(n):
    l = [1, "a"]
    c = 0
    for x in l:
        c += 1
    return c


@njit("(int64,)")
def variable_index(n):
    l = [n, "a"]
    return l[n]


@njit("(int64,)")
def returned(n):
    l = [n, "a"]
    return l


CALLS = [
    ("length", (3,)),
    ("constant_items", (3,)),
    ("unused", (3,)),
]
