# A function returning a string literal has the literal's type (Literal[str](ok)), and the
# value comes back to Python. `str()` of a float is Numba's generic repr of a type without
# `__str__` (`<object type:float64>`, a literal), and `f"{x}"` alone is that `str(x)` (CPython
# emits no BUILD_STRING for one part); with more parts it is a unicode_type.
from numba import njit


@njit("(int64,)")
def status(n):
    if n > 0:
        return "ok"
    return "ok"


@njit("(int64,)")
def pair(n):
    return "name", n


@njit("(float64,)")
def lone(x):
    return f"{x}"


@njit("(float64,)")
def called(x):
    return str(x)


@njit("(float64,)")
def joined(x):
    return f"x={x}"


@njit("(int64,)")
def lone_int(n):
    return f"{n}"


CALLS = [
    ("status", (3,)),
    ("pair", (2,)),
    ("lone", (1.5,)),
    ("called", (2.5,)),
    ("joined", (0.5,)),
    ("lone_int", (42,)),
]
