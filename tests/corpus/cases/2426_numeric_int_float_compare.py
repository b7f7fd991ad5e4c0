import numpy as np
from numba import njit


@njit
def eq(a, b):
    return a == b


@njit
def lt(a, b):
    return a < b


@njit
def ge(a, b):
    return a >= b


@njit
def tup_lt(a, b):
    return a < b


@njit
def tup_eq(a, b):
    return a == b


@njit
def cmp_chain(a, b, c):
    return a < b < c


CALLS = [
    ("eq", (9007199254740993, 9007199254740992.0)), ("lt", (9007199254740992.0, 9007199254740993)),
    ("eq", (9223372036854775807, 9.223372036854775807e18)), ("lt", (9223372036854775807, 9.223372036854775807e18)),
    ("eq", (np.uint64(18446744073709551615), 1.8446744073709552e19)),
    ("eq", (1, True)), ("eq", (2, True)), ("lt", (False, -0.5)),
    ("eq", (float("nan"), float("nan"))), ("ge", (float("nan"), 1.0)), ("ge", (-0.0, 0.0)),
    ("eq", (np.float32(0.1), 0.1)), ("eq", (np.float32(0.5), np.float64(0.5))),
    ("eq", (np.int8(-1), np.uint8(255))), ("lt", (np.int8(-1), np.uint8(255))),
    ("eq", (np.int32(-1), np.uint64(18446744073709551615))),
    ("lt", (np.uint32(4294967295), np.int32(-1))),
    ("ge", (1j, 1j)) if False else ("eq", (1j, 1j)),
    ("tup_lt", ((1, float("nan")), (1, 2.0))), ("tup_lt", ((float("nan"), 1), (float("nan"), 2))),
    ("tup_eq", ((float("nan"),), (float("nan"),))), ("tup_lt", ((1, 2), (1, 2, 3))) if False else ("tup_lt", ((0.0, 1), (-0.0, 2))),
    ("tup_eq", ((1, 2.0), (1.0, 2))), ("tup_lt", ((1, 2), (1, 2))),
    ("cmp_chain", (1, float("nan"), 3)), ("cmp_chain", (1, 2, 3.0)),
]
