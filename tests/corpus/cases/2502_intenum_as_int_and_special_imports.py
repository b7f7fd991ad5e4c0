"""IntEnum members where integers go: NumPy scalar classes take them (`np.int16(member)`),
`hash` is the value's. `literally` imported from `numba.misc.special`, where `numba` takes
it from, is the same function."""
from enum import IntEnum

import numpy as np
from numba import int16, int32, njit
from numba.misc.special import literally


class Shape(IntEnum):
    circle = 2
    square = 500


class Status(IntEnum):
    missing = 404
    failed = 500


class Sign(IntEnum):
    two = 2
    negone = -1


@njit
def compare_cast(x):
    if x > int16(Status.failed):
        return x - int32(Status.missing)
    else:
        return x + np.int16(Shape.circle)


@njit
def hashed(x):
    return hash(x)


@njit
def times2(x):
    return literally(x) * 2


@njit
def const_caller():
    return times2(5)


CALLS = [
    ("compare_cast", (300,)),
    ("compare_cast", (900,)),
    ("hashed", (Sign.negone,)),
    ("hashed", (Sign.two,)),
    ("const_caller", ()),
]
