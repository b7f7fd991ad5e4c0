"""`==`/`!=` and `in` of tuples holding complex numbers (also a dict of string keys and mixed
values compared with its copy, whose values Numba compares as a tuple)."""
from numba import njit


@njit
def same(a, b):
    return (a, 2) == (b, 2), (a, 1) != (b, 1)


@njit
def member(z):
    return z in (1j, 2.5, 3)


@njit
def literal_copy():
    ld = {"a": 1, "b": 2j, "c": "d"}
    new = ld.copy()
    return ld == new


CALLS = [
    ("same", (1j, 1j)),
    ("same", (1 + 1j, 1 - 1j)),
    ("same", (2.0 + 0j, 2)),
    ("member", (1j,)),
    ("member", (3 + 0j,)),
    ("member", (2j,)),
    ("literal_copy", ()),
]
