"""`sum` of tuples holding complex numbers: the items added in the complex result type, with
and without a start value."""
from numba import njit


@njit
def total(x):
    return sum(x)


@njit
def total_from(x, s):
    return sum(x, s)


CALLS = [
    ("total", ((1, 2, 3j),)),
    ("total", ((1.5, 2j, -1 + 1j),)),
    ("total", ((1, 2, 3),)),
    ("total_from", ((1j, 2), 0.5)),
    ("total_from", ((1, 2), 1j)),
]
