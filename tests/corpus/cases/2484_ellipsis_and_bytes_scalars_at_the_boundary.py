"""Values Numba types but cannot pass: `...` goes in (no data) but cannot be returned, and a
NumPy `bytes_` scalar is `[char x n]`, which Numba cannot unbox (TypeError for both)."""
import numpy as np
from numba import njit


@njit
def ident(x):
    return x


@njit
def is_none(x):
    return x is None


@njit
def length(a):
    return len(a)


CALLS = [
    ("ident", (Ellipsis,)),
    ("is_none", (Ellipsis,)),
    ("length", (np.bytes_(b"ab"),)),
    ("ident", (np.bytes_(b"ab"),)),
]
