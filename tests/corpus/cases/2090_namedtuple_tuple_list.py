# A list display mixing a named tuple and an anonymous tuple: Numba's conversion between them
# is not implemented (NotImplementedError); other displays that do not unify are TypeError
# (Numba fails while reporting them: unhashable type: 'list').
from collections import namedtuple
from numba import njit

Point = namedtuple("Point", ["x", "y"])


@njit
def mixed_kinds(n):
    return [Point(1, 2), (1, 2)]


@njit
def mixed_values(n):
    return [n, "a"]


@njit("(int64,)")
def eager_mixed(n):
    return [Point(n, 2), (1, 2)]


CALLS = [("mixed_kinds", (1,)), ("mixed_values", (1,))]
