import numpy as np
from numba import njit


@njit
def pw(a, b):
    return a ** b


@njit
def pw_const_neg(a):
    return a ** -1


@njit
def pw_const2(a):
    return a ** 2


@njit
def pw_const_half(a):
    return a ** 0.5


@njit
def pw_builtin(a, b):
    return pow(a, b)


CALLS = [
    ("pw", (2, 10)), ("pw", (2, 63)), ("pw", (2, 64)), ("pw", (3, 40)),
    ("pw", (-2, 63)), ("pw", (0, 0)), ("pw", (0, -1)), ("pw", (2, -1)),
    ("pw", (-2, -3)), ("pw", (1, -5)), ("pw", (-1, -5)),
    ("pw", (2, 0.5)), ("pw", (-8, 1.0 / 3.0)), ("pw", (2.0, -1)), ("pw", (0.0, -1)),
    ("pw", (-0.0, -1)), ("pw", (0.0, -1.0)), ("pw", (-2.0, 0.5)),
    ("pw", (float("inf"), 0)), ("pw", (float("nan"), 0)), ("pw", (1.0, float("nan"))),
    ("pw", (-1.0, float("inf"))), ("pw", (2.0, 1024)), ("pw", (2.0, -1075)),
    ("pw", (np.int8(2), np.int8(7))), ("pw", (np.int8(3), np.int8(5))),
    ("pw", (np.uint8(2), np.uint8(9))), ("pw", (np.uint64(3), np.uint64(41))),
    ("pw", (np.int32(2), np.int32(-1))),
    ("pw", (np.float32(2.0), np.int32(3))), ("pw", (np.float32(1.1), np.float32(2.5))),
    ("pw", (True, 3)), ("pw", (True, False)),
    ("pw_const_neg", (2,)), ("pw_const_neg", (0,)), ("pw_const_neg", (2.0,)),
    ("pw_const_neg", (0.0,)), ("pw_const_neg", (-0.0,)),
    ("pw_const2", (3037000500,)), ("pw_const2", (np.int8(12),)), ("pw_const2", (-0.0,)),
    ("pw_const_half", (4,)), ("pw_const_half", (-4.0,)), ("pw_const_half", (-0.0,)),
    ("pw_builtin", (2, -2)), ("pw_builtin", (2.5, 2)),
]
