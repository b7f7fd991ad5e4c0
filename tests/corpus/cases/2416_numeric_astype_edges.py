import numpy as np
from numba import njit


@njit
def to_i64(a):
    return a.astype(np.int64)


@njit
def to_i32(a):
    return a.astype(np.int32)


@njit
def to_u8(a):
    return a.astype(np.uint8)


@njit
def to_u64(a):
    return a.astype(np.uint64)


@njit
def to_bool(a):
    return a.astype(np.bool_)


@njit
def to_f32(a):
    return a.astype(np.float32)


@njit
def to_i8(a):
    return a.astype(np.int8)


@njit
def wrap_add(a):
    return a + np.uint8(10)


@njit
def neg_arr(a):
    return -a


@njit
def inv_arr(a):
    return ~a


@njit
def abs_arr(a):
    return np.abs(a)


CALLS = [
    ("to_i64", (np.array([1.9, -1.9, 1e10]),)),
    ("to_i32", (np.array([1.9, -1.9, 3e9 * 0 + 2.1e9 * 0 + 100.5]),)),
    ("to_u8", (np.array([300, -1, 255, 256]),)),
    ("to_u8", (np.array([True, False]),)),
    ("to_u64", (np.array([-1, -9223372036854775808]),)),
    ("to_bool", (np.array([0.0, -0.0, np.nan, 1e-300]),)),
    ("to_bool", (np.array([0, 2, -1]),)),
    ("to_f32", (np.array([0.1, 1e40, -1e40, 1e-46]),)),
    ("to_f32", (np.array([16777217, 9007199254740993]),)),
    ("to_i8", (np.array([128, 255, -129, 1000]),)),
    ("to_i8", (np.array([127.9, -128.9, 100.0]),)),
    ("wrap_add", (np.array([250, 3], dtype=np.uint8),)),
    ("wrap_add", (np.array([125, 3], dtype=np.int8),)),
    ("neg_arr", (np.array([1, 0, 255], dtype=np.uint8),)),
    ("neg_arr", (np.array([-128, 5], dtype=np.int8),)),
    ("neg_arr", (np.array([0.0, -0.0]),)),
    ("inv_arr", (np.array([0, 5], dtype=np.uint8),)),
    ("inv_arr", (np.array([True, False]),)),
    ("inv_arr", (np.array([0, -1], dtype=np.int16),)),
    ("abs_arr", (np.array([-128, 127], dtype=np.int8),)),
    ("abs_arr", (np.array([-0.0, -np.inf, np.nan]),)),
    ("abs_arr", (np.array([3 + 4j, -np.inf + 1j]),)),
]
