# A string-keyed dict display whose values differ in type is a LiteralStrKey[Dict]: its
# values() and items() are tuples, keys() the keys view of a typed dict, copy() itself, len()
# a literal; get() is Numba's TypingError.
from numba import njit


@njit("(int64,)")
def values_of(n):
    d = {"a": 1, "b": 2.5}
    return d.values()


@njit("(int64,)")
def items_of(n):
    d = {"a": n, "b": "x"}
    return d.items()


@njit("(int64,)")
def keys_of(n):
    d = {"a": 1, "b": "x"}
    return d.keys()


@njit("(int64,)")
def length_and_copy(n):
    d = {"a": 1, "b": "x"}
    e = d.copy()
    return len(d) + n, e["b"]


@njit("(int64,)")
def get_refused(n):
    d = {"a": 1, "b": "x"}
    return d.get("a")


CALLS = [
    ("values_of", (1,)),
    ("items_of", (3,)),
    ("length_and_copy", (3,)),
    ("get_refused", (3,)),
]
