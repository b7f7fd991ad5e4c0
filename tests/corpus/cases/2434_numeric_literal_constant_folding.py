import math
import numpy as np
from numba import njit

G8 = np.int8(100)
GU = np.uint64(18446744073709551615)
GF = np.float32(0.1)
BIG = 18446744073709551615
NEG = -9223372036854775808


@njit
def c1():
    return 2 ** 63


@njit
def c2():
    return 2 ** 62 * 2


@njit
def c3():
    return -(-9223372036854775808)


@njit
def c4():
    return 7 // -2, -7 % 3, -7.0 // 2, 7.5 % -2


@njit
def c5():
    return round(2.5), round(3.5), round(-0.5), round(0.125, 2)


@njit
def c6():
    return int(1e20)


@njit
def c7():
    return G8 + G8, GU + 1, GF * 3, BIG, NEG - 1


@njit
def c8():
    return 10 / 4, 10 // 4, 2 ** -1, 2.0 ** -1


@njit
def c9():
    return 1e308 * 10, -1e308 * 10, 1e-320 / 1e10


@njit
def c10():
    return math.sqrt(2), math.pi * 2, abs(-9223372036854775807 - 1)


@njit
def c11():
    return np.int8(200), np.uint8(-1), np.int16(40000), np.float32(1e40)


@njit
def c12():
    return 9223372036854775807 + 1


@njit
def c13():
    x = 18446744073709551615
    return x, x + 1, x * 2


@njit
def c14():
    return True + True, True * 3, -True, ~True, True / 2


@njit
def c15():
    return 0.1 + 0.2, 1 / 3, 2 ** 0.5, 10 ** 20, 10.0 ** 20


@njit
def c16():
    x = 5
    return x ** 30


@njit
def c17():
    return 3 ** 40, (-3) ** 39


CALLS = [(n, ()) for n in ["c1"]] if False else [
    ("c1", ()), ("c2", ()), ("c3", ()), ("c4", ()), ("c5", ()), ("c6", ()), ("c7", ()), ("c8", ()),
    ("c9", ()), ("c10", ()), ("c11", ()), ("c12", ()), ("c13", ()), ("c14", ()), ("c15", ()), ("c16", ()), ("c17", ()),
]
