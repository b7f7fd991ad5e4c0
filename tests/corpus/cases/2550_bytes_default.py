"""A bytes default (Numba types the omitted argument as its Bytes value)."""
from numba import njit


@njit
def d_bytes(b=b"ab"):
    return len(b)


@njit
def first_byte(b=b"xyz", i=0):
    return b[i]


@njit
def caller():
    return d_bytes() + first_byte() + first_byte(b"AB", 1)


CALLS = [
    ("d_bytes", ()),
    ("d_bytes", (b"xyz",)),
    ("first_byte", ()),
    ("first_byte", (b"q",)),
    ("caller", ()),
]
