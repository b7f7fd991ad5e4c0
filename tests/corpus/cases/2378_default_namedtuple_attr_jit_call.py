# vectorbt portfolio/nb.py: a jit function whose default is an attribute of a NamedTuple-instance
# global (`direction=Direction.Both`), called from another jit function leaving it out.
from typing import NamedTuple

from numba import njit


class DirectionT(NamedTuple):
    LongOnly: int
    ShortOnly: int
    Both: int


Direction = DirectionT(*range(3))


@njit
def order_nb(size, direction=Direction.Both):
    return size * 10 + direction


@njit
def caller(size):
    return order_nb(size)


CALLS = [
    ("order_nb", (1.0,)),
    ("caller", (1.0,)),
]
