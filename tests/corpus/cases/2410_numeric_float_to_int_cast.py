import numpy as np
from numba import njit


@njit
def casts(x):
    return np.int64(x), np.int32(x), np.int8(x), np.uint8(x), np.uint64(x)


@njit
def astype_arr(a):
    return a.astype(np.int64), a.astype(np.int32), a.astype(np.uint8)


@njit
def f32(x):
    return np.float32(x)


@njit
def f32_arith(a, b):
    return a + b, a * b, a / b, a - b


@njit
def f32_mixed(a, b):
    return a + b


CALLS = [
    ("casts", (3.7,)), ("casts", (-3.7,)), ("casts", (255.9,)), ("casts", (-0.9,)),
    ("casts", (1e5,)),
    ("astype_arr", (np.array([1.5, -1.5, 255.5, 0.0]),)),
    ("f32", (0.1,)), ("f32", (1e40,)), ("f32", (-1e40,)), ("f32", (1e-46,)), ("f32", (16777217,)),
    ("f32", (3.4028235677973366e38,)), ("f32", (0.30000000000000004,)),
    ("f32", (np.int64(9007199254740993),)), ("f32", (np.uint64(18446744073709551615),)),
    ("f32_arith", (np.float32(0.1), np.float32(0.2))),
    ("f32_arith", (np.float32(1e30), np.float32(1e30))),
    ("f32_arith", (np.float32(16777216.0), np.float32(1.0))),
    ("f32_arith", (np.float32(1.0), np.float32(3.0))),
    ("f32_mixed", (np.float32(0.1), 0.2)), ("f32_mixed", (np.float32(0.1), 1)),
    ("f32_mixed", (np.float32(0.1), np.int8(1))), ("f32_mixed", (np.float32(0.1), np.int16(1))),
    ("f32_mixed", (np.float32(0.1), np.int32(1))), ("f32_mixed", (np.float32(0.1), np.uint64(1))),
    ("f32_mixed", (np.float32(0.1), True)), ("f32_mixed", (np.float32(0.1), 1j)),
    ("f32_mixed", (np.int8(1), np.uint8(1))), ("f32_mixed", (np.int16(1), np.float16(1))) if False else ("f32_mixed", (np.int16(1), np.uint16(1))),
]
