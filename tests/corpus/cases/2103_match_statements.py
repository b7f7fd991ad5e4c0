# match statements (Python 3.10+): Numba compiles the literal, value, singleton, capture,
# wildcard, `|` and `as` patterns and guards CPython 3.11 lowers to comparisons and jumps;
# sequence, mapping and class patterns use MATCH_* instructions Numba does not support.
import math
from numba import njit


@njit("(int64,)")
def literal(n):
    match n:
        case 1:
            r = 1.5
        case 2 | 3:
            r = 2.0
        case _:
            r = 0
    return r


@njit("(int64,)")
def guarded(n):
    match n:
        case x if x > 5:
            return x
        case -1:
            return 100
        case _:
            return 0


@njit("(unicode_type,)")
def command(word):
    match word:
        case "go" | "run":
            return 1
        case "stop" as w:
            return len(w) * 10
        case other:
            return -len(other)


@njit("(float64,)")
def value_pattern(x):
    match x:
        case math.pi:
            return "pi"
        case 0.0:
            return "zero"
    return "other"


@njit("(optional(int64),)")
def singleton(x):
    match x:
        case None:
            return -1
        case _:
            return 1


@njit("(int64,)")
def in_loop(n):
    total = 0
    for i in range(n):
        match i % 4:
            case 0:
                total += 1
            case 1 | 2:
                continue
            case _:
                if i > 8:
                    break
                total += 10
    return total


@njit("(UniTuple(int64, 2),)")
def sequence(t):
    match t:
        case (0, y):
            return y
        case _:
            return -1


CALLS = [
    ("literal", (1,)),
    ("literal", (3,)),
    ("literal", (9,)),
    ("guarded", (7,)),
    ("guarded", (-1,)),
    ("guarded", (2,)),
    ("command", ("run",)),
    ("command", ("stop",)),
    ("command", ("halt",)),
    ("value_pattern", (3.141592653589793,)),
    ("value_pattern", (0.0,)),
    ("value_pattern", (2.0,)),
    ("singleton", (None,)),
    ("singleton", (4,)),
    ("in_loop", (20,)),
]
