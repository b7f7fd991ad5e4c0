# String splitting as Numba's unicode.py does it: split(None, n) stops at the n-th run of
# whitespace and keeps nothing after it (a maxsplit of 0 splits everywhere), rsplit(None, n)
# as CPython; rsplit of one character steps back two after each separator; splitlines with
# keepends; "-".join of a string; a list unpacked into names (ValueError on a length mismatch).
from numba import njit


@njit
def split_ws(s, n):
    return s.split(None, n)


@njit
def rsplit_ws(s, n):
    return s.rsplit(None, n)


@njit
def rsplit_sep(s, sep):
    return s.rsplit(sep), s.rsplit(sep, 1)


@njit
def lines(s):
    return s.splitlines(True), s.splitlines(False), s.splitlines()


@njit
def spaced(s):
    return "-".join(s)


@njit
def key_value(s):
    k, v = s.split("=")
    return k, v


CALLS = [
    ("split_ws", ("a b  c ", -1)),
    ("split_ws", ("a b  c ", 0)),
    ("split_ws", ("a b  c ", 1)),
    ("split_ws", ("  a b  c", 2)),
    ("split_ws", ("", 1)),
    ("rsplit_ws", ("a b  c ", 1)),
    ("rsplit_ws", ("  a b  c", 0)),
    ("rsplit_ws", ("a b c", -1)),
    ("rsplit_sep", ("---", "-")),
    ("rsplit_sep", ("a--b-c", "-")),
    ("rsplit_sep", ("a--b-c", "--")),
    ("rsplit_sep", ("ab", "abc")),
    ("lines", ("x\ny\r\nz\rw\n",)),
    ("lines", ("",)),
    ("spaced", ("abç",)),
    ("spaced", ("",)),
    ("key_value", ("a=1",)),
    ("key_value", ("a=1=2",)),
    ("key_value", ("a",)),
]
