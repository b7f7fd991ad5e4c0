# Floor division and modulo by constant powers of two (a shift and a mask in numrs's code):
# Python's floor semantics for negative dividends, narrow integer types, divmod, and the
# collatz-style branch on parity.
import numpy as np
from numba import njit


@njit("(int64,)")
def by_powers(x):
    return x // 2, x % 2, x // 8, x % 8, x // 1024, x % 1024, divmod(x, 4), x // 1, x % 1


@njit("(int8, int32, uint16)")
def narrow(a, b, c):
    return a // 4, a % 4, b // 64, b % 64, c // 16, c % 16


@njit("(int64,)")
def steps(x):
    n = 0
    while x != 1 and n < 1000:
        if x % 2 == 0:
            x = x // 2
        else:
            x = 3 * x + 1
        n += 1
    return n


@njit("(int64[:],)")
def arrays(a):
    return a // 4, a % 4


CALLS = [
    ("by_powers", (7,)),
    ("by_powers", (-7,)),
    ("by_powers", (-1024,)),
    ("by_powers", (-9223372036854775808,)),
    ("narrow", (np.int8(-7), np.int32(-129), np.uint16(65535))),
    ("narrow", (np.int8(-128), np.int32(2147483647), np.uint16(17))),
    ("steps", (27,)),
    ("steps", (-5,)),
    ("arrays", (np.array([-9, -4, -1, 0, 3, 9]),)),
]
