import numpy as np
from numba import njit
from numba.typed import List


@njit
def setitem_u8(v):
    a = np.zeros(3, dtype=np.uint8)
    a[0] = v
    return a


@njit
def setitem_i8(v):
    a = np.zeros(2, dtype=np.int8)
    a[1] = v
    return a


@njit
def setitem_i64_float(v):
    a = np.zeros(2, dtype=np.int64)
    a[0] = v
    return a


@njit
def setitem_f32(v):
    a = np.zeros(2, dtype=np.float32)
    a[0] = v
    return a


@njit
def setitem_bool(v):
    a = np.zeros(2, dtype=np.bool_)
    a[0] = v
    return a


@njit
def aug_u8(v):
    a = np.full(2, 250, dtype=np.uint8)
    a[0] += v
    return a


@njit
def aug_i8_arr(v):
    a = np.full(3, 120, dtype=np.int8)
    a += v
    return a


@njit
def aug_int_float(v):
    a = np.arange(3)
    a += v
    return a


@njit
def slice_assign(v):
    a = np.zeros(4, dtype=np.int16)
    a[1:3] = v
    return a


@njit
def fill(v):
    a = np.zeros(2, dtype=np.uint16)
    a.fill(v)
    return a


@njit
def full_dtype(v):
    return np.full(2, v, dtype=np.int8)


@njit
def list_int8():
    l = [np.int8(1), np.int8(2)]
    l.append(300)
    return l


@njit
def arr_from_list(a, b):
    return np.array([a, b])


@njit
def arr_from_list3(a, b, c):
    return np.array([a, b, c])


@njit
def concat(a, b):
    return np.concatenate((a, b))


@njit
def where_mixed(c, a, b):
    return np.where(c, a, b)


CALLS = [
    ("setitem_u8", (300,)), ("setitem_u8", (-1,)), ("setitem_u8", (255.9,)), ("setitem_u8", (True,)),
    ("setitem_u8", (np.int8(-1),)), ("setitem_u8", (2.5 + 0j,)) if False else ("setitem_u8", (np.uint64(257),)),
    ("setitem_i8", (200,)), ("setitem_i8", (-129,)), ("setitem_i8", (127.9,)), ("setitem_i8", (np.uint8(255),)),
    ("setitem_i64_float", (2.9,)), ("setitem_i64_float", (-2.9,)), ("setitem_i64_float", (1e300,)),
    ("setitem_i64_float", (float("nan"),)), ("setitem_i64_float", (np.uint64(18446744073709551615),)),
    ("setitem_f32", (0.1,)), ("setitem_f32", (1e39,)), ("setitem_f32", (16777217,)), ("setitem_f32", (1 + 2j,)),
    ("setitem_bool", (2,)), ("setitem_bool", (0.0,)), ("setitem_bool", (float("nan"),)), ("setitem_bool", (-0.0,)),
    ("aug_u8", (10,)), ("aug_u8", (-251,)), ("aug_u8", (0.7,)),
    ("aug_i8_arr", (10,)), ("aug_i8_arr", (np.int8(10),)), ("aug_i8_arr", (1.5,)),
    ("aug_int_float", (1.5,)), ("aug_int_float", (np.uint64(1),)),
    ("slice_assign", (70000,)), ("slice_assign", (-1.9,)),
    ("fill", (-1,)), ("fill", (70000.5,)),
    ("full_dtype", (200,)), ("full_dtype", (-1.5,)),
    ("list_int8", ()),
    ("arr_from_list", (1, 2.5)), ("arr_from_list", (True, 2)), ("arr_from_list", (np.int8(1), np.uint8(2))),
    ("arr_from_list", (np.int64(1), np.uint64(2))), ("arr_from_list", (np.float32(1), 2)),
    ("arr_from_list", (np.float32(1), np.int32(2))), ("arr_from_list", (1, 1j)),
    ("arr_from_list3", (True, np.int8(1), np.uint8(1))),
    ("concat", (np.array([1], dtype=np.int8), np.array([200], dtype=np.uint8))),
    ("concat", (np.array([1]), np.array([1.5], dtype=np.float32))),
    ("concat", (np.array([1], dtype=np.int16), np.array([1.5], dtype=np.float32))),
    ("concat", (np.array([True]), np.array([3], dtype=np.uint8))),
    ("where_mixed", (np.array([True, False]), np.array([1, 2], dtype=np.int8), 2.5)),
    ("where_mixed", (np.array([True, False]), np.array([1, 2], dtype=np.int8), np.float32(2.5))),
    ("where_mixed", (np.array([True, False]), np.array([1, 2], dtype=np.uint8), -1)),
    ("where_mixed", (np.array([True, False]), np.array([1.5, 2.5], dtype=np.float32), 1)),
    ("where_mixed", (True, 1, 2.5)),
]
