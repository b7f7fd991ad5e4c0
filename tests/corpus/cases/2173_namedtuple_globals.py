# Module-level named tuple instances made from constants (Numba freezes them as constants of
# its NamedTuple / NamedUniTuple type): attribute and index reads, iteration, passing one on.
from collections import namedtuple
from typing import NamedTuple
from numba import njit

Config = namedtuple("Config", ["alpha", "steps"])
CFG = Config(0.5, 3)
Pair = namedtuple("Pair", ["lo", "hi"])
RANGE = Pair(hi=2.0, lo=1.0)


class Box(NamedTuple):
    width: int
    height: int


BOX = Box(3, 4)


@njit
def use_cfg(x):
    for _ in range(CFG.steps):
        x = x * CFG.alpha
    return x


@njit("float64()")
def use_range():
    return RANGE.hi - RANGE[0]


@njit
def area():
    return BOX.width * BOX.height, BOX


@njit
def total():
    s = 0.0
    for v in RANGE:
        s += v
    return s


CALLS = [
    ("use_cfg", (8.0,)),
    ("use_range", ()),
    ("area", ()),
    ("total", ()),
]
