# Lists of None: passed in (Numba's reflected list(none)), indexed, iterated, appended to, made
# in compiled code and returned.
from numba import njit


@njit
def first(l):
    return l[0]


@njit
def count(l):
    n = 0
    for x in l:
        if x is None:
            n += 1
    return n, len(l)


@njit
def grow(l):
    l.append(None)
    return len(l)


@njit
def make(n):
    l = [None] * n
    return l


@njit
def ident(l):
    return l


CALLS = [("first", ([None, None],)), ("count", ([None, None, None],)), ("grow", (g := [None],)), ("ident", (g,)), ("make", (3,)), ("ident", ([None],))]
