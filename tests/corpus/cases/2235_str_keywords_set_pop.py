# String methods with their parameters passed by name (as Numba's overloads in unicode.py name
# them: chars, width, fillchar, tabsize, substr/sub, start, end, old_str, new_str, count, sep,
# parts), a search's `start` left out; `s.pop()` of a set of one literal (its result typed as
# the literal) still removes the item; `"".replace("", x)` is Numba's `x + x`; `str()` of a
# signed integer type's smallest value is Numba's MemoryError (its negation overflows).
import numpy as np
from numba import njit


@njit
def kw_strip(s):
    return s.strip(chars="a"), s.lstrip(chars="ab"), s.rstrip(chars="a")


@njit
def kw_pad(s):
    return s.zfill(width=6), s.center(width=7, fillchar="-"), s.center(7, fillchar="*"), s.ljust(width=4), s.rjust(5, fillchar=".")


@njit
def kw_tabs(s):
    return s.expandtabs(tabsize=4)


@njit
def kw_search(s):
    return s.find("a", start=1), s.rfind(substr="a"), s.count("a", start=0, end=2), s.index(sub="n"), s.rindex("n", end=4)


@njit
def kw_search_end(s):
    return s.find("a", end=2), s.count(sub="n", end=3), s.startswith("b", end=1), s.endswith(substr="na", start=3)


@njit
def kw_replace(s):
    return s.replace("a", "b", count=1), s.replace(old_str="a", new_str="c")


@njit
def kw_misc(s):
    return s.partition(sep="n"), "-".join(parts=["x", s])


@njit
def kw_unknown(s):
    return s.strip(char="a")


@njit
def set_pop_literal():
    s = {5}
    s.pop()
    return len(s)


@njit
def set_pop_bool():
    s = {True}
    s.pop()
    return len(s)


@njit
def replace_empty(s):
    return s.replace("", "-"), s.replace("", "-", 1), s.replace("", "-", 0)


@njit
def str_int(i):
    return str(i)


CALLS = [
    ("kw_strip", ("abca",)),
    ("kw_pad", ("-3",)),
    ("kw_tabs", ("\tx\ty",)),
    ("kw_search", ("banana",)),
    ("kw_search_end", ("banana",)),
    ("kw_replace", ("banana",)),
    ("kw_misc", ("banana",)),
    ("kw_unknown", ("banana",)),
    ("set_pop_literal", ()),
    ("set_pop_bool", ()),
    ("replace_empty", ("",)),
    ("replace_empty", ("ab",)),
    ("str_int", (-(2**63),)),
    ("str_int", (-(2**63) + 1,)),
    ("str_int", (np.int32(-(2**31)),)),
    ("str_int", (np.int8(-128),)),
    ("str_int", (np.int16(-5),)),
    ("str_int", (np.uint64(2**64 - 1),)),
]
