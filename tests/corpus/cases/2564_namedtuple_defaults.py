# A parameter whose default is a module-level named tuple instance (an affine transform, a
# configuration): Numba types the omitted argument as the instance's type, shown by its repr.
from collections import namedtuple
from typing import NamedTuple

from numba import njit

Pt = namedtuple("Pt", "x y")
ORIGIN = Pt(1.0, 2.0)
Affine = namedtuple("Affine", ["a", "b", "c", "d", "e", "f"])
IDENTITY = Affine(1.0, 0.0, 0.0, 0.0, -1.0, 0.0)


class Window(NamedTuple):
    start: int
    stop: int


FULL = Window(0, 4)


@njit
def nt_default(i, p=ORIGIN):
    return p[i] + p.y


@njit
def caller(i):
    return nt_default(i)


@njit
def xy(col, row, transform=IDENTITY):
    x = transform.a * col + transform.b * row + transform.c
    y = transform.d * col + transform.e * row + transform.f
    return x, y


@njit
def xy_caller(n):
    total = 0.0
    for i in range(n):
        x, y = xy(i, i + 1)
        total += x + y
    return total


@njit
def window_sum(a, w=FULL):
    s = 0
    for i in range(w.start, w.stop):
        s += a[i]
    return s


CALLS = [
    ("nt_default", (0,)),
    ("nt_default", (1,)),
    ("nt_default", (1, Pt(3.0, 4.0))),
    ("caller", (1,)),
    ("xy", (2, 3)),
    ("xy", (2, 3, Affine(2.0, 0.0, 1.0, 0.0, 2.0, 1.0))),
    ("xy_caller", (4,)),
    ("window_sum", ([1, 2, 3, 4, 5],)),
    ("window_sum", ([1, 2, 3, 4, 5], Window(1, 5))),
]
