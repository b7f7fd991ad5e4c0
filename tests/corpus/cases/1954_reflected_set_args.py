# Python sets passed in (Numba's reflected sets): unboxed into a native set, changes reflected
# back into the Python set after the call, the set itself returned when the function returns
# it. A set of strings cannot be passed in: Numba fails while building the function's Python
# wrapper (a TypeError from its lowering of the string equality used to unbox the items).
from numba import njit


@njit("(Set(int64, reflected=True),)")
def total(s):
    t = 0
    for x in s:
        t += x
    return t


@njit("(Set(int64, reflected=True), int64)")
def add_one(s, v):
    s.add(v)
    s.discard(1)
    return len(s)


@njit("(Set(int64, reflected=True),)")
def returned(s):
    s.add(100)
    return s


@njit("(Set(float64, reflected=True), Set(float64, reflected=True))")
def both(a, b):
    return len(a & b), len(a | b)


@njit("(Set(unicode_type, reflected=True),)")
def longest(s):
    best = ""
    for x in s:
        if len(x) > len(best):
            best = x
    return best


CALLS = [
    ("total", ({1, 2, 3},)),
    ("add_one", ({1, 2, 3}, 7)),
    ("returned", ({5, 6},)),
    ("both", ({1.0, 2.0}, {2.0, 3.0})),
    ("total", ({1, 2.5},)),
]
