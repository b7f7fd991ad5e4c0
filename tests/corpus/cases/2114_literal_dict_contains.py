# `in` of a LiteralStrKey[Dict] (a string-keyed dict display whose values differ in type):
# Numba compares the key with each literal key; a non-string is never found.
from numba import njit


@njit("(unicode_type,)")
def has(k):
    d = {"a": 1, "b": "x"}
    return k in d, "a" in d, "z" in d, 3 in d


CALLS = [("has", ("a",)), ("has", ("b",)), ("has", ("q",)), ("has", ("",))]
