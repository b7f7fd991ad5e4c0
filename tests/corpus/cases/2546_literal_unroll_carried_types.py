"""literal_unroll over a heterogeneous tuple stays a loop in Numba (an index dispatching to
one body per item): a variable carried across iterations must unify over all items."""
from numba import njit, literal_unroll


@njit
def grow():
    data = ('a', 2.5, 600)
    res = ()
    for a in literal_unroll(data):
        res = res + (a,)
    return res


@njit
def last(t):
    v = 0
    for a in literal_unroll(t):
        v = a
    return v


@njit("(Tuple((int64, unicode_type)),)")
def last_sig(t):
    v = 0
    for a in literal_unroll(t):
        v = a
    return v


@njit
def widen(t):
    acc = 0
    for a in literal_unroll(t):
        acc = acc + a
    return acc


@njit
def count_strings(t):
    n = 0
    for a in literal_unroll(t):
        if isinstance(a, str):
            n += 1
            continue
        if a == 99:
            break
    return n


@njit
def with_else(t):
    s = 0.0
    for a in literal_unroll(t):
        s += a
    else:
        s = -s
    return s


CALLS = [
    ("grow", ()),
    ("last", ((1, 'a'),)),
    ("last", ((2.5, 1),)),
    ("widen", ((1, 2.5, True),)),
    ("widen", ((True, 3),)),
    ("count_strings", (('a', 1, 'b', 99, 'c'),)),
    ("count_strings", ((1, 'x', 2.0),)),
    ("with_else", ((1, 2.5),)),
]
