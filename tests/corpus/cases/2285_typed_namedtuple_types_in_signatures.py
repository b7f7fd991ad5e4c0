# Signatures naming the types of a `class P(NamedTuple)` class of the module: `typeof` of an
# instance made from constants, `types.NamedTuple` and `types.NamedUniTuple`.
from typing import NamedTuple

from numba import float64, int64, njit, typeof, types


class Body(NamedTuple):
    mass: float
    count: int


class Vec(NamedTuple):
    x: float
    y: float


BODY_T = typeof(Body(1.5, 3))
VEC_T = types.NamedUniTuple(float64, 2, Vec)
BODY_N = types.NamedTuple((float64, int64), Body)


@njit(float64(BODY_T))
def weight(b):
    return b.mass * b.count


@njit(float64(VEC_T, BODY_N))
def moment(v, b):
    return (v.x + v.y) * b.mass


@njit(VEC_T(VEC_T))
def doubled(v):
    return Vec(v.x * 2, v.y * 2)


CALLS = [
    ("weight", (Body(1.5, 3),)),
    ("moment", (Vec(1.0, 2.0), Body(0.5, 1))),
    ("doubled", (Vec(1.0, -1.0),)),
]
