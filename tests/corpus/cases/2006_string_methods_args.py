# str.rsplit with a separator and a maximum, str.expandtabs with a tab size.
from numba import njit


@njit("int64(unicode_type, int64)")
def rsplit_n(s, k):
    parts = s.rsplit(" ", k)
    return len(parts) * 100 + len(parts[0])


@njit("unicode_type(unicode_type)")
def rsplit_default(s):
    parts = s.rsplit()
    return parts[-1] + "|" + parts[0]


@njit("unicode_type(unicode_type)")
def expand(s):
    return s.expandtabs(4)






@njit("unicode_type(unicode_type, int64)")
def expand_size(s, n):
    return s.expandtabs(n)


CALLS = [
    ("rsplit_n", ("a bb ccc dddd", 2)),
    ("rsplit_n", ("a bb ccc dddd", 0)),
    ("rsplit_n", ("a bb ccc dddd", -1)),
    ("rsplit_n", ("  a  b ", 1)),
    ("rsplit_default", ("x y  z",)),
    ("expand", ("a\tbc\td\n\tq",)),
    ("expand_size", ("a\tbc\td\r\tq", 3)),
    ("expand_size", ("a\tb", 0)),
    ("expand_size", ("a\tb", -2)),
    ("expand_size", ("\t\t", 1)),
]
