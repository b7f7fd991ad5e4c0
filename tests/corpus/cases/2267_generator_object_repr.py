# A generator function called from Python returns Numba's generator object (printed as
# Numba prints it).
from numba import njit


@njit
def countdown(n):
    while n > 0:
        yield n
        n -= 1


@njit
def total(n):
    s = 0
    for x in countdown(n):
        s += x
    return s


CALLS = [
    ("countdown", (3,)),
    ("total", (4,)),
]
