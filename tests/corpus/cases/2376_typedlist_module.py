# pysheds: `from numba.typed import typedlist` then `typedlist.List.empty_list(tuple_type)` inside
# jit code (numba.typed.typedlist is the module that defines List).
from numba import njit
from numba.typed import typedlist
from numba.types import Tuple, float64, int64

_TT = Tuple([float64, int64])


@njit
def make(n):
    lst = typedlist.List.empty_list(_TT)
    for i in range(n):
        lst.append((i * 0.5, i))
    return len(lst), lst[-1]


@njit
def make_arg(n, tt):
    lst = typedlist.List.empty_list(tt)
    lst.append((1.5, n))
    return lst[0]


@njit
def make_plain():
    lst = typedlist.List()
    lst.append(3)
    return lst[0]


CALLS = [
    ("make", (3,)),
    ("make_plain", ()),
]
