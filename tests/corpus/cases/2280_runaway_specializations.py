# Calls that make ever new specializations, each compiling the next (a tuple growing with
# every call): Numba compiles them until Python's recursion limit, a RecursionError at the
# signature's compilation. numrs stops at a depth of its own, with the same error.
from numba import njit


@njit
def grow(x, n):
    if n == 0:
        return 0
    return grow((x, x), n - 1)


@njit("int64(int64)")
def start(n):
    return grow(1, n)


@njit
def countdown(n):
    if n <= 0:
        return 0
    return countdown(n - 1) + 1


@njit("int64(int64)")
def fine(n):
    return countdown(n)


CALLS = [("fine", (5,))]
