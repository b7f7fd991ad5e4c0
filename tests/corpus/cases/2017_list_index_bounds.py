# list.index(x, start, stop) on reflected and typed lists: the bounds clamped as a slice's are;
# not found there, ValueError.
from numba import njit
from numba.typed import List


@njit("int64(int64, int64)")
def index_from(x, start):
    l = [1, 2, 3, 1, 2, 3]
    return l.index(x, start)


@njit("int64(int64, int64, int64)")
def index_between(x, start, stop):
    l = [1, 2, 3, 1, 2, 3]
    return l.index(x, start, stop)


@njit("int64(int64, int64)")
def typed_index_from(x, start):
    l = List([1, 2, 3, 1, 2, 3])
    return l.index(x, start)


CALLS = [
    ("index_from", (1, 1)),
    ("index_from", (3, -2)),
    ("index_from", (2, 5)),
    ("index_from", (1, -100)),
    ("index_from", (1, 100)),
    ("index_between", (3, 0, 2)),
    ("index_between", (3, 0, 3)),
    ("index_between", (2, -5, -3)),
    ("typed_index_from", (1, 1)),
    ("typed_index_from", (3, -1)),
    ("typed_index_from", (2, 5)),
]
