import numpy as np
from numba import njit


@njit
def ab(a):
    return abs(a)


@njit
def shl(a, b):
    return a << b


@njit
def shr(a, b):
    return a >> b


@njit
def inv(a):
    return ~a


@njit
def band(a, b):
    return a & b, a | b, a ^ b


@njit
def np_abs(a):
    return np.abs(a)


CALLS = [
    ("ab", (-9223372036854775808,)), ("ab", (np.int8(-128),)), ("ab", (np.int16(-32768),)),
    ("ab", (np.int32(-2147483648),)), ("ab", (np.uint8(200),)), ("ab", (-0.0,)),
    ("ab", (float("-inf"),)), ("ab", (float("nan"),)), ("ab", (np.float32(-1.5),)),
    ("ab", (True,)), ("ab", (-3 + 4j,)), ("ab", (complex(float("inf"), float("nan")),)),
    ("np_abs", (np.int8(-128),)), ("np_abs", (-9223372036854775808,)),
    ("shl", (1, 63)), ("shl", (1, 64)), ("shl", (1, 65)), ("shl", (-1, 63)),
    ("shl", (np.int8(1), np.int8(7))), ("shl", (np.int8(1), np.int8(8))),
    ("shl", (np.uint8(255), np.uint8(4))), ("shl", (np.uint64(1), np.uint64(63))),
    ("shl", (np.int32(1), np.int32(31))), ("shl", (np.int32(1), np.int32(32))),
    ("shr", (-8, 1)), ("shr", (-1, 63)), ("shr", (-1, 64)), ("shr", (8, 64)),
    ("shr", (np.int8(-128), np.int8(7))), ("shr", (np.uint8(128), np.uint8(7))),
    ("shr", (np.uint64(18446744073709551615), np.uint64(63))),
    ("shr", (np.int32(-2147483648), np.int32(31))),
    ("inv", (0,)), ("inv", (-1,)), ("inv", (np.uint8(0),)), ("inv", (np.uint8(5),)),
    ("inv", (np.uint64(0),)), ("inv", (np.int8(127),)), ("inv", (np.uint32(1),)),
    ("inv", (True,)), ("inv", (False,)),
    ("band", (np.int8(-1), np.uint8(255))), ("band", (-1, np.uint64(1))),
    ("band", (True, False)), ("band", (True, 3)),
]
