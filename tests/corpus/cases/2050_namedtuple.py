# Named tuples: classes made with collections.namedtuple and typing.NamedTuple, constructed in
# nopython code (positional and keyword arguments, defaults), passed in and returned, their
# fields read by name and by index, iterated, compared, used as dict keys and list items.
import collections
from collections import namedtuple
from typing import NamedTuple

import numpy as np
from numba import njit

Point = namedtuple("Point", ["x", "y"])
Span = collections.namedtuple("Span", "lo, hi", defaults=[10])


class Particle(NamedTuple):
    mass: float
    charge: int = 0


@njit
def make(a, b):
    return Point(a, b)


@njit
def by_keyword():
    return Point(y=2.5, x=1.5)


@njit
def norm(p):
    return (p.x ** 2 + p.y ** 2) ** 0.5


@njit
def mixed(n):
    q = Particle(n * 1.5, n)
    return q.mass + q.charge, q[1], q


@njit
def with_default():
    return Span(3), Particle(2.0)


@njit
def tuple_ops(p):
    s = 0
    for v in p:
        s += v
    return s, len(p), p[-1], p[0:1], p == p, p == (1, 2), p < Point(3, 4)


@njit
def unpack(p):
    x, y = p
    return x - y


@njit
def runtime_index(p, i):
    return p[i]


@njit
def containers(n):
    pts = [Point(i, i * 2.0) for i in range(n)]
    d = {Point(i, i): i for i in range(n)}
    return pts, d[Point(1, 1)]


@njit
def arrays(n):
    a = np.arange(n * 1.0)
    return Point(a, a.sum())


@njit
def star(t):
    return Point(*t)


@njit
def missing_argument():
    return Point(1)


@njit
def unknown_field(p):
    return p.z


@njit
def set_field(p):
    p.x = 3
    return p


@njit
def no_unify(c):
    if c:
        p = Point(1, 2)
    else:
        p = Point(1.0, 2)
    return p


@njit
def mixed_runtime_index(q, i):
    return q[i]


@njit
def add(p):
    return p + p


CALLS = [
    ("make", (1, 2)),
    ("make", (1.5, 2)),
    ("by_keyword", ()),
    ("norm", (Point(3.0, 4.0),)),
    ("norm", (Point(3, 4),)),
    ("mixed", (2,)),
    ("with_default", ()),
    ("tuple_ops", (Point(1, 2),)),
    ("unpack", (Point(5, 2),)),
    ("runtime_index", (Point(5, 2), 1)),
    ("containers", (3,)),
    ("arrays", (4,)),
    ("star", ((1, 2),)),
    ("missing_argument", ()),
    ("unknown_field", (Point(1, 2),)),
    ("no_unify", (True,)),
    ("mixed_runtime_index", (Particle(1.0, 2), 1)),
    ("add", (Point(1, 2),)),
    ("make", ("a", "b")),
]
