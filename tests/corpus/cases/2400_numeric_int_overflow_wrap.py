import numpy as np
from numba import njit


@njit
def add(a, b):
    return a + b


@njit
def sub(a, b):
    return a - b


@njit
def mul(a, b):
    return a * b


@njit
def neg(a):
    return -a


@njit
def inc_loop(a, n):
    for _ in range(n):
        a += a
    return a


@njit
def typed_add(a):
    b = np.int8(100)
    return a + b


@njit
def cast_wrap(x):
    return np.int8(x), np.uint8(x), np.int16(x), np.uint16(x), np.int32(x), np.uint32(x)


@njit
def to_u64(x):
    return np.uint64(x)


CALLS = [
    ("add", (np.int8(127), np.int8(1))),
    ("add", (np.int16(32767), np.int16(1))),
    ("add", (np.int32(2147483647), np.int32(1))),
    ("add", (np.int64(9223372036854775807), np.int64(1))),
    ("add", (np.uint8(255), np.uint8(1))),
    ("add", (np.uint16(65535), np.uint16(1))),
    ("add", (np.uint32(4294967295), np.uint32(1))),
    ("add", (np.uint64(18446744073709551615), np.uint64(1))),
    ("sub", (np.uint8(0), np.uint8(1))),
    ("sub", (np.uint64(0), np.uint64(1))),
    ("sub", (np.int8(-128), np.int8(1))),
    ("mul", (np.int8(64), np.int8(2))),
    ("mul", (np.int32(65536), np.int32(65536))),
    ("mul", (np.int64(4294967296), np.int64(4294967296))),
    ("mul", (np.uint8(16), np.uint8(16))),
    ("neg", (np.int8(-128),)),
    ("neg", (np.int64(-9223372036854775808),)),
    ("neg", (np.uint8(1),)),
    ("neg", (np.uint64(1),)),
    ("inc_loop", (np.int8(1), 10)),
    ("inc_loop", (np.uint16(3), 20)),
    ("typed_add", (np.int8(100),)),
    ("typed_add", (100,)),
    ("cast_wrap", (300,)),
    ("cast_wrap", (-1,)),
    ("cast_wrap", (70000,)),
    ("cast_wrap", (4294967297,)),
    ("cast_wrap", (-2147483649,)),
    ("to_u64", (-1,)),
    ("to_u64", (-9223372036854775808,)),
]
