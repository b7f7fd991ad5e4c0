import numpy as np
from numba import njit


@njit
def to_f32(x):
    return np.float32(x)


@njit
def to_f64(x):
    return np.float64(x), float(x)


@njit
def arr_f32(a):
    return a.astype(np.float32)


@njit
def arr_f64(a):
    return a.astype(np.float64)


@njit
def setf32(x):
    a = np.zeros(1, dtype=np.float32)
    a[0] = x
    return a[0]


@njit
def f32_plus(a, x):
    return a + x


X1 = (1 << 54) + (1 << 30) + 1
X2 = (1 << 62) + (1 << 38) + 1
U1 = (1 << 63) + 1025
U2 = (1 << 63) + 1024
U3 = (1 << 64) - 1025
U4 = (1 << 63) + (1 << 39) + 1

CALLS = [
    ("to_f32", (18014399583223809,)), ("to_f32", (4611686293305294849,)), ("to_f32", (-18014399583223809,)),
    ("to_f32", (16777217,)), ("to_f32", (16777219,)),
    ("to_f32", (np.uint64(9223372036854776833),)), ("to_f32", (np.uint64(9223372586610589697),)),
    ("to_f32", (np.uint64(18446744073709550591),)),
    ("to_f32", (np.uint32(4294967295),)), ("to_f32", (np.int32(2147483647),)), ("to_f32", (np.int32(16777217),)),
    ("to_f64", (np.uint64(9223372036854776833),)), ("to_f64", (np.uint64(9223372036854776832),)),
    ("to_f64", (np.uint64(18446744073709550591),)), ("to_f64", (np.uint64(18446744073709550592),)),
    ("to_f64", (9007199254740993,)), ("to_f64", (-9007199254740995,)),
    ("arr_f32", (np.array([18014399583223809, 4611686293305294849, 16777217]),)),
    ("arr_f32", (np.array([9223372036854776833, 9223372586610589697, 18446744073709550591], dtype=np.uint64),)),
    ("arr_f64", (np.array([9223372036854776833, 18446744073709550591], dtype=np.uint64),)),
    ("setf32", (18014399583223809,)), ("setf32", (np.uint64(9223372586610589697),)),
    ("f32_plus", (np.array([0.0], dtype=np.float32), 18014399583223809)),
    ("f32_plus", (np.array([0.0], dtype=np.float32), np.int32(16777217))),
    ("f32_plus", (np.array([0.0], dtype=np.float32), np.int16(3))),
]
