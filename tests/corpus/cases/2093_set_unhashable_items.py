# Numba's Set type asserts its item type is Hashable (numbers, booleans, strings, tuples):
# sets of None, of optionals, of arrays and of lists are AssertionErrors of type inference.
import numpy as np
from numba import njit


@njit("int64()")
def set_of_none():
    t = {None}
    return len(t)


@njit("int64(int64[:])")
def set_add_array(a):
    t = set()
    n = a.size
    t.add(a)
    return len(t) + n


@njit("int64()")
def set_of_lists():
    t = {[1, 2]}
    return len(t)


@njit("int64(int64)")
def set_of_optional(x):
    y = x if x > 0 else None
    t = {y}
    return len(t)


@njit("int64(int64)")
def set_of_tuples(x):
    t = {(x, 1), (2, x)}
    t.add((x, x))
    return len(t)


@njit("int64()")
def set_of_bools():
    t = {True, False, True}
    return len(t)


CALLS = [
    ("set_of_none", ()),
    ("set_add_array", (np.arange(3),)),
    ("set_of_lists", ()),
    ("set_of_optional", (3,)),
    ("set_of_tuples", (2,)),
    ("set_of_bools", ()),
]
