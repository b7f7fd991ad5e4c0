# Named tuple types in explicit signatures: `typeof` of an instance made from constants,
# `types.NamedTuple((...), cls)` and `types.NamedUniTuple(dtype, n, cls)` of a
# collections.namedtuple class of the module (a parameter tuple, as simulations pass them).
from collections import namedtuple

from numba import float64, int64, njit, typeof, types

Pt = namedtuple("Pt", ["x", "y"])
Params = namedtuple("Params", "dt steps damping")

PT_T = typeof(Pt(1.0, 2))
PT_N = types.NamedTuple((float64, int64), Pt)
PT_U = types.NamedUniTuple(float64, 2, Pt)
PARAMS_T = typeof(Params(0.1, 10, 0.5))


@njit(float64(PT_T))
def add(p):
    return p.x + p.y


@njit(float64(PT_N))
def mul(p):
    return p.x * p.y


@njit(float64(PT_U))
def sub(p):
    return p.x - p.y


@njit(float64(float64, PARAMS_T))
def simulate(x0, params):
    x = x0
    v = 0.0
    for _ in range(params.steps):
        v = v * (1.0 - params.damping) - x * params.dt
        x += v * params.dt
    return x


@njit(PT_U(PT_U))
def swap(p):
    return Pt(p.y, p.x)


CALLS = [
    ("add", (Pt(1.5, 2),)),
    ("mul", (Pt(1.5, 2),)),
    ("sub", (Pt(1.5, 2.0),)),
    ("sub", (Pt(1, 2),)),
    ("simulate", (1.0, Params(0.1, 10, 0.5))),
    ("swap", (Pt(1.0, 2.0),)),
]
