# Typed lists compare as Numba's listobject does: == / != item by item, ordering by length
# first ("old-school cmp": the shorter list is less), then the first differing items; against
# anything that is not a typed list every comparison is False. Typed dicts (and dict
# displays, which are typed dicts) compare equal when they hold the same keys with values
# that are not !=.
from numba import njit
from numba.typed import Dict, List


@njit
def lists(n):
    a = List()
    b = List()
    for i in range(n):
        a.append(i)
        b.append(i)
    c = List([1, 2])
    d = List([0, 5])
    return a == b, a != b, a == c, a < c, c > a, a <= b, d < c, c >= d


@njit
def float_lists(x):
    a = List([1.0, x])
    b = List([1.0, x])
    return a == b, a != b, a < b


@njit
def against_other(n):
    a = List([n])
    return a == [n], a != [n], a < (n,)


@njit
def dicts(n):
    a = {}
    b = Dict()
    for i in range(n):
        a[i] = 1.0 * i
        b[i] = 1.0 * i
    c = {0: 0.0}
    return a == b, a != b, a == c, c != a, a == 1, a != 1


@njit
def nan_values(x):
    a = {1: x}
    b = {1: x}
    return a == b


CALLS = [
    ("lists", (3,)),
    ("lists", (0,)),
    ("float_lists", (2.0,)),
    ("float_lists", (float("nan"),)),
    ("against_other", (4,)),
    ("dicts", (3,)),
    ("dicts", (1,)),
    ("nan_values", (float("nan"),)),
    ("nan_values", (1.5,)),
]
