from numba import njit, types


@njit("(int64,)")
def first_multiple(k):
    pos = None
    for i in range(1, 20):
        if i % k == 0:
            pos = i
            break
    return pos


@njit((types.Optional(types.int64), types.int64))
def add_or_keep(x, n):
    if x is not None:
        return x + n
    return n


@njit("(Optional(float64),)")
def doubled(x):
    return x * 2.0


@njit("(Optional(boolean),)")
def flip(x):
    if x is None:
        return None
    return not x


@njit("(int64, Optional(int32))")
def widen(n, x):
    if n > 0:
        return x
    return n


@njit("(Optional(int64),)")
def is_missing(x):
    return x is None


CALLS = [
    ("first_multiple", (7,)),
    ("first_multiple", (25,)),
    ("add_or_keep", (None, 3)),
    ("add_or_keep", (4, 3)),
    ("add_or_keep", (True, 3)),
    ("add_or_keep", (2.5, 3)),
    ("doubled", (1.5,)),
    ("doubled", (2,)),
    ("doubled", (None,)),
    ("flip", (True,)),
    ("flip", (None,)),
    ("widen", (1, -3)),
    ("widen", (1, None)),
    ("widen", (-2, 4)),
    ("is_missing", (None,)),
    ("is_missing", (5,)),
]
