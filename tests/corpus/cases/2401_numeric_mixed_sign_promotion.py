import numpy as np
from numba import njit


@njit
def add(a, b):
    return a + b


@njit
def mul(a, b):
    return a * b


@njit
def lt(a, b):
    return a < b


@njit
def eq(a, b):
    return a == b


@njit
def fdiv(a, b):
    return a // b


@njit
def mod(a, b):
    return a % b


@njit
def tdiv(a, b):
    return a / b


@njit
def mx(a, b):
    return max(a, b)


@njit
def mn(a, b):
    return min(a, b)


CALLS = [
    ("add", (np.int64(-1), np.uint64(1))),
    ("add", (np.int64(1), np.uint64(18446744073709551615))),
    ("add", (np.int32(-1), np.uint32(1))),
    ("add", (np.int8(-1), np.uint8(255))),
    ("add", (np.int16(-1), np.uint32(1))),
    ("add", (-1, np.uint64(1))),
    ("add", (-1, np.uint8(1))),
    ("add", (np.int8(-1), np.uint64(1))),
    ("mul", (np.int64(-3), np.uint64(5))),
    ("mul", (np.uint8(200), np.int8(2))),
    ("lt", (np.int64(-1), np.uint64(0))),
    ("lt", (-1, np.uint64(0))),
    ("lt", (np.uint64(18446744073709551615), np.int64(-1))),
    ("eq", (np.uint64(18446744073709551615), -1)),
    ("eq", (np.uint32(4294967295), np.int32(-1))),
    ("fdiv", (np.int64(-7), np.uint64(2))),
    ("fdiv", (np.uint64(7), np.int64(-2))),
    ("mod", (np.int64(-7), np.uint64(2))),
    ("mod", (np.uint8(7), np.int8(-2))),
    ("tdiv", (np.uint64(18446744073709551615), np.int64(-1))),
    ("mx", (np.int64(-1), np.uint64(0))),
    ("mx", (np.uint8(200), np.int8(-5))),
    ("mn", (np.uint32(1), np.int32(-5))),
    ("mn", (-1, np.uint64(3))),
]
