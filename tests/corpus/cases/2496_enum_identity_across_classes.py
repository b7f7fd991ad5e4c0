"""`is` between enum members: members of one enum are the same object when their values are
equal; a member of another enum (even with an equal value) or another value never is (Numba's
`enum_is`, then `generic_is` of different types)."""
from enum import Enum, IntEnum

from numba import njit


class Color(Enum):
    red = 1
    green = 2
    blue = 3


class Flavor(Enum):
    vanilla = 7
    mint = 3


class Size(IntEnum):
    small = 2
    large = 500


class Status(IntEnum):
    missing = 404
    failed = 500


@njit
def same_class(a):
    return a is Color.blue, a is not Color.blue, a is Color.red


@njit
def other_class(a):
    return a is Flavor.mint, a is not Flavor.mint


@njit
def int_enums(a):
    return a is Status.failed, a is Size.large, a is not Status.failed


@njit
def member_and_int(a):
    return a is 500, a == 500


CALLS = [
    ("same_class", (Color.blue,)),
    ("same_class", (Color.red,)),
    ("other_class", (Color.blue,)),
    ("other_class", (Flavor.mint,)),
    ("int_enums", (Size.large,)),
    ("int_enums", (Status.failed,)),
    ("member_and_int", (Size.large,)),
]
