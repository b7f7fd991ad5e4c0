# Named tuples of named tuples passed in (fields resolved at every level), tuple() and
# np.array of named tuples, and what Numba refuses: a named tuple as a shape (TypingError) or
# as an array index (NotImplementedError when lowered). A function whose result cannot be
# returned to Python (a dict view) does not keep the module's other functions from loading.
from collections import namedtuple
from typing import NamedTuple

import numpy as np
from numba import njit

Point = namedtuple("Point", ["x", "y"])
Rect = namedtuple("Rect", ["lo", "hi"])


class Seg(NamedTuple):
    a: Point
    b: Point


@njit
def nested_x(r):
    return r.lo.x + r.hi.y


@njit
def seg_len(s):
    return ((s.b.x - s.a.x) ** 2 + (s.b.y - s.a.y) ** 2) ** 0.5


@njit
def rect_areas(rs):
    t = 0
    for r in rs:
        t += (r.hi.x - r.lo.x) * (r.hi.y - r.lo.y)
    return t


@njit
def as_tuple(p):
    return tuple(p)


@njit
def as_array(p):
    return np.array(p)


@njit
def list_as_array(ps):
    return np.array(ps)


@njit
def as_shape(p):
    return np.zeros(p)


@njit
def as_index(a, p):
    return a[p]


@njit
def keys_of(n):
    d = {i: i for i in range(n)}
    return d.keys()


@njit
def plain(n):
    return n + 1


CALLS = [
    ("nested_x", (Rect(Point(1, 2), Point(3, 4)),)),
    ("seg_len", (Seg(Point(0.0, 0.0), Point(3.0, 4.0)),)),
    ("rect_areas", ([Rect(Point(0, 0), Point(2, 3)), Rect(Point(1, 1), Point(2, 2))],)),
    ("as_tuple", (Point(1, 2),)),
    ("as_array", (Point(1.0, 2.0),)),
    ("list_as_array", ([Point(1.0, 2.0), Point(3.0, 4.0)],)),
    ("as_shape", (Point(2, 3),)),
    ("as_index", (np.arange(6).reshape(2, 3), Point(1, 2))),
    ("keys_of", (3,)),
    ("plain", (3,)),
]
