# dict(iterable) of key/value pairs, as Numba's impl_dict: `for k, v in iterable: d[k] = v`
# (a repeated key keeps its first position and takes the last value).
from numba import njit


@njit("(int64,)")
def dict_from_pairs(n):
    return dict([(1, n), (2, n), (1, 5)])


@njit("(int64,)")
def dict_from_zip(n):
    keys = ["a", "b", "c"]
    vals = [n, n + 1, n + 2]
    return dict(zip(keys, vals))


@njit("(int64,)")
def dict_from_tuple(n):
    return dict(((1, 1.5), (n, 2.5)))


CALLS = [("dict_from_pairs", (3,)), ("dict_from_zip", (3,)), ("dict_from_tuple", (7,))]
