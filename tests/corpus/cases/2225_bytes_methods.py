# bytes constants in jit code (Numba's typeof(b"..."): readonly bytes) and the bool methods Numba
# gives bytes: startswith/endswith of another bytes (byte by byte), isascii; a str argument and a
# bytearray receiver are refused as in Numba.
import numpy as np
from numba import njit

@njit
def starts(b):
    return b.startswith(b"ab"), b.endswith(b"yz"), b.startswith(b""), b.endswith(b"toolongprefix")

@njit
def ascii_(b):
    return b.isascii()

@njit
def lit():
    x = b"abc"
    return x[1], len(x)

@njit
def header(b, magic):
    return b.startswith(magic)

@njit
def bad_str_arg(b):
    return b.startswith("ab")

@njit
def bad_bytearray(ba):
    return ba.isascii()

CALLS = [("starts", (b"abcxyz",)), ("starts", (b"a",)), ("ascii_", (b"hello",)), ("ascii_", (b"\xffabc",)), ("lit", ()),
         ("header", (b"\x89PNG\r\n", b"\x89PNG")), ("header", (b"GIF89a", b"\x89PNG")), ("bad_str_arg", (b"abc",)), ("bad_bytearray", (bytearray(b"abc"),))]
