# `case` group patterns: `(1 as one)`, `(2 | 3) as x`, parenthesized values; compiled as CPython does.
from numba import njit


@njit("(int64,)")
def grouped_as(n):
    match n:
        case (1 as one):
            return one * 10
        case (2 | 3) as two_or_three:
            return two_or_three
        case _:
            return -1


@njit("(int64,)")
def parenthesized(n):
    match n:
        case (1):
            return 100
        case ((2)):
            return 200
        case _:
            return 0


CALLS = [("grouped_as", (1,)), ("grouped_as", (3,)), ("grouped_as", (5,)), ("parenthesized", (1,)), ("parenthesized", (2,)), ("parenthesized", (9,))]
