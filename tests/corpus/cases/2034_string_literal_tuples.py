# Tuples of string literals (a global constant, or written in the function) have run-time
# values: iterated, indexed, searched with `in`, joined, returned and passed on.
from numba import njit

NAMES = ("alpha", "beta", "gamma")


@njit
def loop_local():
    s = ""
    for n in ("ab", "cd"):
        s += n
    return s


@njit
def initials():
    s = ""
    for n in NAMES:
        s += n[0]
    return s


@njit
def name_at(i):
    return NAMES[i]


@njit
def known(w):
    return w in NAMES, w in ("x", "y")


@njit
def joined():
    return "-".join(NAMES), "".join(("a", "b"))


@njit
def pair():
    return ("ab", "cd")


@njit
def total_length(names):
    n = 0
    for s in names:
        n += len(s)
    return n


@njit
def passed_on():
    return total_length(NAMES) + total_length(("x", "yz"))


@njit
def mixed(i):
    t = (1, "one", 2.5)
    return t[1] + str(t[0] + i)


CALLS = [
    ("loop_local", ()),
    ("initials", ()),
    ("name_at", (1,)),
    ("name_at", (-1,)),
    ("known", ("beta",)),
    ("known", ("y",)),
    ("joined", ()),
    ("pair", ()),
    ("passed_on", ()),
    ("mixed", (2,)),
]
