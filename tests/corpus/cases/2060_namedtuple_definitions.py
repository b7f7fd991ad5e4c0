# Named tuple classes as modules write them: bound to another name than their typename, fields
# from a module-level list, renamed fields (rename=True), comma-separated field strings.
import collections
from collections import namedtuple
from typing import NamedTuple
from numba import njit

Pt = namedtuple("Point", ["x", "y"])
FIELDS = ["lo", "hi"]
Rng = namedtuple("Rng", ["lo", "hi"])
RngV = namedtuple("RngV", FIELDS)
Ren = namedtuple("Ren", ["a", "def", "a"], rename=True)
Sp = collections.namedtuple("Sp", "u,v")


class Base(NamedTuple):
    a: int
    b: float = 2.0


@njit
def pt_x(p):
    return p.x + p.y


@njit
def make_pt(a):
    return Pt(a, a)


@njit
def rng_width(r):
    return r.hi - r.lo


@njit
def make_rng(a, b):
    return Rng(a, b)


@njit
def make_rngv(a, b):
    r = RngV(a, b)
    return r.hi - r.lo, r


@njit
def ren_fields(r):
    return r.a, r._1, r._2


@njit
def mk_ren(x):
    return Ren(x, 2, 3)


@njit
def sp_sum(s):
    return s.u + s.v


@njit
def base_b(x):
    return x.b * x.a


@njit
def base_make(a):
    return Base(a), Base(a, b=0.5)


CALLS = [
    ("pt_x", (Pt(1, 2),)),
    ("make_pt", (3,)),
    ("rng_width", (Rng(1.0, 3.5),)),
    ("make_rng", (1, 2)),
    ("make_rngv", (1, 5)),
    ("mk_ren", (1,)),
    ("sp_sum", (Sp(1, 2),)),
    ("base_b", (Base(3, 1.5),)),
    ("base_make", (3,)),
]
