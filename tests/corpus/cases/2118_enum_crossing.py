# Enum members passed from Python and returned to it (`Enum<int64>(Color)`, `IntEnum<int64>(Shape)`,
# string- and float-valued enums, members inside tuples): compiled code holds their values; a
# returned member is the member of its class. An enum class passed in is a TypeError.
from enum import Enum, IntEnum

from numba import njit


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class Shape(IntEnum):
    CIRCLE = 1
    SQUARE = 2


class Unit(Enum):
    METER = "m"
    FOOT = "ft"


@njit
def is_red(c):
    return c == Color.RED


@njit
def pick(i):
    if i == 0:
        return Color.RED
    return Color.BLUE


@njit
def sides(s):
    if s == Shape.SQUARE:
        return 4
    return 0


@njit
def shape_plus(s, n):
    return s + n


@njit
def unit_name(u):
    return u.value


@njit
def same(u):
    return u







class Level(IntEnum):
    LOW = 10
    HIGH = 20


class Scale(Enum):
    HALF = 0.5
    DOUBLE = 2.0


@njit
def pair(c):
    return c, Color.GREEN


@njit
def first(t):
    return t[0] == Color.RED


@njit
def scaled(s, x):
    return s.value * x


@njit
def klass(cls):
    return cls.RED


@njit
def level_max(a, b):
    return max(a, b)


CALLS = [
    ("is_red", (Color.RED,)),
    ("is_red", (Color.GREEN,)),
    ("pick", (0,)),
    ("pick", (1,)),
    ("sides", (Shape.SQUARE,)),
    ("sides", (Shape.CIRCLE,)),
    ("shape_plus", (Shape.SQUARE, 3)),
    ("unit_name", (Unit.FOOT,)),
    ("same", (Unit.METER,)),
    ("same", (Shape.CIRCLE,)),
    ("is_red", (1,)),

    ("pair", (Color.RED,)),
    ("first", ((Color.RED, 2),)),
    ("scaled", (Scale.HALF, 3.0)),
    ("klass", (Color,)),
    ("level_max", (Level.LOW, Level.HIGH)),
]
