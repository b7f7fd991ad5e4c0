# String searches with start/end (CPython's index adjustment: negative bounds count from the
# end, a window shorter than the needle finds nothing) and partition/rpartition.
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


CALLS = [
    ("windows", ("banana",)),
    ("windows", ("",)),
    ("windows", ("abracadabra",)),
    ("indexes", ("banana",)),
    ("indexes", ("xyz",)),
    ("parts", ("key=value=1", "=")),
    ("parts", ("no separator", ";")),
    ("parts", ("abc", "")),
]
