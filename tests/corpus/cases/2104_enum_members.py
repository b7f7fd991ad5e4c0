# enum.Enum and enum.IntEnum members in jit code: Numba types the class as `Enum
# class<int64>(Color)`, its members `Enum<int64>(Color)` (`IntEnum<...>` for IntEnum), compares
# members of one enum, reads `.value`, and converts IntEnum members to integers.
import enum
from enum import IntEnum, Enum
from numba import njit


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class Shape(IntEnum):
    SQUARE = 4
    CIRCLE = 5


class Mode(enum.Enum):
    FAST = "fast"
    SLOW = "slow"


class Level(Enum):
    LOW = enum.auto()
    HIGH = enum.auto()


@njit("(int64,)")
def arithmetic(n):
    return Shape.SQUARE + n, Shape.CIRCLE * 2, Shape.SQUARE.value, Color.BLUE.value, Color["GREEN"].value


@njit("(int64,)")
def compare(n):
    c = Color.RED if n > 0 else Color.BLUE
    return c == Color.RED, c != Color.GREEN, c is Color.RED, c is not Color.BLUE, c.value


@njit("(int64,)")
def string_values(n):
    m = Mode.FAST if n > 0 else Mode.SLOW
    return m == Mode.FAST, m.value, Level.HIGH.value


@njit("(int64,)")
def returned(n):
    if n > 0:
        return Color.RED
    return Color.BLUE


@njit("(int64,)")
def int_enum_ops(n):
    s = Shape.SQUARE
    return s < n, s + 1, s == Shape.SQUARE


@njit("(int64,)")
def unknown_member(n):
    return Color.PURPLE


CALLS = [
    ("arithmetic", (3,)),
    ("compare", (1,)),
    ("compare", (-1,)),
    ("string_values", (1,)),
    ("string_values", (-1,)),
    ("int_enum_ops", (9,)),
]
