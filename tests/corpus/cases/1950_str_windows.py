# String searches with start/end (CPython's index adjustment: negative bounds count from the
# end, a window shorter than the needle finds nothing), tuples of prefixes, partition and
# rpartition; sorting with a jit function as the key.
import numpy as np
from numba import njit


@njit("(unicode_type,)")
def windows(s):
    return (s.find("a", 2), s.find("a", 1, 5), s.rfind("a", 0, -1), s.count("a", 2), s.count("", 1, 3),
            s.startswith("b", 1), s.startswith("an", -5), s.endswith("a", 0, 4), s.find("", 9),
            s.find("a", -100, 100), s.rfind("n", None, 4), s.count("a", None, None))


@njit("(unicode_type,)")
def indexes(s):
    return s.index("a", 1), s.rindex("a", 0, 6)


@njit("(unicode_type, unicode_type)")
def parts(s, sep):
    return s.partition(sep), s.rpartition(sep)


@njit("(unicode_type,)")
def prefixes(s):
    return s.startswith(("a", "b")), s.endswith(("x", "na")), s.startswith(("n", "z"), 2)


@njit
def neg_abs(x):
    return -abs(x)


@njit("(float64[:],)")
def sort_by_jit_key(a):
    items = [x for x in a]
    items.sort(key=neg_abs, reverse=True)
    return sorted(a, key=neg_abs), items


CALLS = [
    ("prefixes", ("banana",)),
    ("prefixes", ("xyz",)),
    ("sort_by_jit_key", (np.array([1.0, -3.0, 2.0, 0.5]),)),
    ("windows", ("banana",)),
    ("windows", ("",)),
    ("windows", ("abracadabra",)),
    ("indexes", ("banana",)),
    ("indexes", ("xyz",)),
    ("parts", ("key=value=1", "=")),
    ("parts", ("no separator", ";")),
    ("parts", ("abc", "")),
]
