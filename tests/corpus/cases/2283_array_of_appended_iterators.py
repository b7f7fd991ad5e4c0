# np.array of a list appended to once per iteration of a loop: Numba rewrites it into an
# array allocated for the loop's length (`length_of_iterator`), which only ranges, arrays,
# lists, typed lists and homogeneous tuples have. Over zip, enumerate, a string or a
# generator the rewrite fails to type: a TypingError, although the same loop without
# np.array types.
import numpy as np
from numba import njit
from numba.typed import List


@njit("float64[:](float64[:], float64[:])")
def zipped(a, b):
    return np.array([x * y for x, y in zip(a, b)])


@njit("int64[:](unicode_type)")
def codes(s):
    return np.array([ord(c) for c in s])


@njit("int64[:](float64[:])")
def enumerated(a):
    out = []
    for i, x in enumerate(a):
        out.append(i)
    return np.array(out)


@njit
def evens(n):
    for i in range(n):
        if i % 2 == 0:
            yield i


@njit("int64[:](int64)")
def from_generator(n):
    return np.array([i * 10 for i in evens(n)])


@njit("float64[:](float64[:])")
def over_array(a):
    return np.array([x * 2 for x in a])


@njit("int64[:](int64)")
def over_list(n):
    items = [i for i in range(n)]
    return np.array([x + 1 for x in items])


@njit("int64[:](UniTuple(int64, 3))")
def over_tuple(t):
    return np.array([x * x for x in t])


@njit("float64[:](int64)")
def over_typed_list(n):
    items = List()
    for i in range(n):
        items.append(i * 0.5)
    return np.array([x for x in items])


@njit("int64(float64[:], float64[:])")
def zipped_list_only(a, b):
    return len([x * y for x, y in zip(a, b)])


CALLS = [
    ("over_array", (np.arange(3.0),)),
    ("over_list", (4,)),
    ("over_tuple", ((1, 2, 3),)),
    ("over_typed_list", (3,)),
    ("zipped_list_only", (np.arange(3.0), np.arange(3.0))),
]
