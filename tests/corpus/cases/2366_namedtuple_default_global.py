# vectorbt enums: a typing.NamedTuple class whose field default is an attribute of a
# NamedTuple-instance global (`direction: int = Direction.Both`); compiled code returns it.
from typing import NamedTuple

import numpy as np
from numba import njit


class DirectionT(NamedTuple):
    LongOnly: int
    Both: int


Direction = DirectionT(0, 2)


class Order(NamedTuple):
    size: float = np.inf
    direction: int = Direction.Both


@njit
def make_order(size, direction):
    return Order(size=float(size), direction=int(direction))


CALLS = [
    ("make_order", (3, 1)),
]
