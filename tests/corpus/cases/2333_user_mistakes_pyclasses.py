from collections import namedtuple
from numba import njit


class Point:
    def __init__(self, x):
        self.x = x


NT = namedtuple('NT', ['x', 'y'])


@njit("(float64,)")
def construct_pyclass(x):
    p = Point(x)
    return p.x


@njit("(float64,)")
def construct_namedtuple(x):
    p = NT(x, 1.0)
    return p.x + p.y


@njit("(float64,)")
def namedtuple_setattr(x):
    p = NT(x, 1.0)
    p.x = 2.0
    return p


@njit("(float64,)")
def namedtuple_bad_attr(x):
    p = NT(x, 1.0)
    return p.z


@njit("(float64,)")
def namedtuple_replace(x):
    p = NT(x, 1.0)
    return p._replace(x=2.0)


@njit("(float64,)")
def namedtuple_kw(x):
    p = NT(y=x, x=1.0)
    return p.x
