# np.frombuffer in compiled code (Numba's np_frombuffer): of bytes, bytearrays (a writable view)
# and arrays, with dtype, count and offset (Numba checks the size left after `offset` items of the
# result's size, and starts `offset` items of the buffer's type in), its ValueErrors, and the
# TypingError for a buffer that is not C-contiguous.
import numpy as np
from numba import njit

@njit
def as_u8(b):
    return np.frombuffer(b, np.uint8)

@njit
def as_i16(b):
    return np.frombuffer(b, dtype=np.int16)

@njit
def as_f64(b):
    return np.frombuffer(b)

@njit
def counted(b):
    return np.frombuffer(b, np.uint8, 3)

@njit
def offset(b):
    return np.frombuffer(b, np.uint8, -1, 2)

@njit
def off_i32(b):
    return np.frombuffer(b, np.int32, 1, 1)

@njit
def bad_size(b):
    return np.frombuffer(b, np.int32)

@njit
def too_many(b):
    return np.frombuffer(b, np.uint8, 10)

@njit
def of_array(a):
    return np.frombuffer(a, np.uint8)

@njit
def writable(ba):
    x = np.frombuffer(ba, np.uint8)
    x[0] = 90
    return ba[0]

@njit
def sum_words(b):
    w = np.frombuffer(b, np.uint16)
    return w.sum()

@njit
def bad_layout(a):
    return np.frombuffer(a[::2], np.uint8)

CALLS = [
    ("as_u8", (b"abc",)), ("as_i16", (b"abcd",)), ("as_f64", (b"abcdefgh",)), ("counted", (b"abcdef",)),
    ("offset", (b"abcdef",)), ("off_i32", (b"abcdefghijkl",)), ("bad_size", (b"abcde",)), ("too_many", (b"abc",)),
    ("of_array", (np.arange(3, dtype=np.int16),)), ("writable", (bytearray(b"abc"),)), ("sum_words", (b"\x01\x00\x02\x00",)),
    ("bad_layout", (np.arange(6, dtype=np.uint8),)),
]
