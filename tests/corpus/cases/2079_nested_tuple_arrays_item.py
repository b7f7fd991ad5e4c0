# np.array/np.asarray of nested tuples of numbers (each level one length; Numba's ValueError
# "incompatible sequence shape" when ragged), x.item() of a number, sorted(set(string)).
import numpy as np
from numba import njit


@njit
def nested_tuple_array(x):
    return np.array(((x, 2), (3, 4)))


@njit
def nested3(x):
    return np.array((((x, 2.5), (3, 4)), ((5, 6), (7, 8))))


@njit
def mixed(x):
    return np.array(((x, 2.5, 1), (3, 4, 5))), np.asarray(((1, 2), (3, x)))


@njit
def with_dtype(x):
    return np.array(((x, 2), (3, 4)), dtype=np.float32)


@njit
def ragged(x):
    return np.array(((x, 2), (3,)))


@njit
def set_of_chars(s):
    return sorted(set(s))


@njit
def scalar_item(a):
    return a[0].item(), (a[0] + 1).item(), a.size


CALLS = [
    ("nested_tuple_array", (1,)),
    ("nested3", (1,)),
    ("mixed", (7,)),
    ("with_dtype", (9,)),
    ("ragged", (1,)),
    ("set_of_chars", ("hello",)),
    ("scalar_item", (np.array([1.5, 2.5]),)),
    ("scalar_item", (np.array([3, 4]),)),
]
