# vectorbt enums: `RangeStatus = RangeStatusT(*range(2))`, a typing.NamedTuple instance used as
# an enum global inside jit code.
from typing import NamedTuple
from collections import namedtuple

from numba import njit


class RangeStatusT(NamedTuple):
    Open: int
    Closed: int


RangeStatus = RangeStatusT(*range(2))
Plain = RangeStatusT(0, 1)
Coll = namedtuple("Coll", ["a", "b"])(3, 4)


@njit
def is_open(s):
    return s == RangeStatus.Open


@njit
def is_closed(s):
    return s == Plain.Closed


@njit
def coll_sum():
    return Coll.a + Coll.b


CALLS = [
    ("is_open", (0,)),
    ("is_closed", (0,)),
    ("coll_sum", ()),
]
