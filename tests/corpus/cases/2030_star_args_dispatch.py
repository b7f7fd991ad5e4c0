# A jit function with *args called from Python: the dispatcher packs the extra positional
# arguments into the tuple its specializations take (an empty one when there are none).
from numba import njit


@njit
def count_extra(n, *rest):
    return n + len(rest)


@njit
def total(*xs):
    s = 0.0
    for x in xs:
        s += x
    return s


@njit
def scaled(a, b=2, *more):
    return a * b + len(more)


CALLS = [
    ("count_extra", (1,)),
    ("count_extra", (1, 2, 3.0)),
    ("total", (1.5, 2.5)),
    ("total", (1.0, 2.0, 3.0)),
    ("scaled", (3,)),
    ("scaled", (3, 4)),
    ("scaled", (3, 4, 5, 6)),
]
