# bytes and bytearray arguments and bytes constants (Numba's Bytes/ByteArray buffers, printed
# `readonly bytes(uint8, 1d, C)`): indexing (uint8 items), slices of bytes, len, iteration,
# item assignment of a bytearray, returning bytes; and what Numba refuses on them (array
# attributes and operators, slicing a bytearray, assigning into bytes, returning a bytearray).
import numpy as np
from numba import njit


@njit
def count_byte(b, c):
    n = 0
    for x in b:
        if x == c:
            n += 1
    return n, len(b), b[0], b[-1]

@njit
def tail(b):
    return b[1:]

@njit
def same(b):
    x = b
    return x

@njit
def sub_first(b):
    return b[1:3][0]

@njit
def bump(ba):
    ba[0] = 65
    return ba[0], len(ba)

@njit
def checksum(b):
    s = 0
    for i in range(len(b)):
        s = (s * 31 + b[i]) % 1000003
    return s

@njit
def tup(b):
    return (len(b), b[0])

@njit
def reversed_view(b):
    return b[::-1][0]

@njit
def bad_setitem(b):
    b[0] = 1
    return 1

@njit
def bad_slice(ba):
    return ba[1:]

@njit
def bad_attr(b):
    return b.shape

@njit
def bad_add(b):
    return b + b

@njit
def return_bytearray(ba):
    return ba


DATA = b"hello,world"
MAGIC = b"\x89PNG"

@njit
def glob():
    return DATA[1] + len(DATA)

@njit
def commas():
    n = 0
    for c in DATA:
        if c == 44:
            n += 1
    return n

@njit
def is_png(b):
    if len(b) < 4:
        return False
    for i in range(4):
        if b[i] != MAGIC[i]:
            return False
    return True

@njit
def magic():
    return MAGIC

CALLS = [
    ("count_byte", (b"a,b,c,", 44)),
    ("tail", (b"hello",)),
    ("same", (b"xyz",)),
    ("sub_first", (b"abcd",)),
    ("bump", (bytearray(b"abc"),)),
    ("checksum", (b"the quick brown fox",)),
    ("tup", (bytearray(b"xyz"),)),
    ("reversed_view", (b"abc",)),
    ("bad_setitem", (b"abc",)),
    ("bad_slice", (bytearray(b"abc"),)),
    ("bad_attr", (b"abc",)),
    ("bad_add", (b"abc",)),
    ("return_bytearray", (bytearray(b"abc"),)),
    ("glob", ()),
    ("commas", ()),
    ("is_png", (b"\x89PNGxyz",)),
    ("is_png", (b"GIF89a",)),
    ("magic", ()),
]
