"""NumPy forms a hunt found: a.tobytes() (Numba's Bytes of the items in C order), np.isclose
of complex arrays (no implementation: its item test compares with `x > 0`), np.full of a
complex value into a real dtype, and parameter defaults computed with max()/min()/abs()."""
import numpy as np
from numba import njit


@njit("(int16[:],)")
def raw(a):
    return a.tobytes()


@njit("int64(float64[:, :])")
def raw_length(a):
    return len(a.T.tobytes())


@njit
def first_bytes(a):
    b = a.tobytes()
    return len(b), b[0], b[1], b[len(b) - 1]


@njit("(complex64[:], complex64[:])")
def close_complex(a, b):
    return np.isclose(a, b)


@njit("(int64, complex64)")
def full_complex_as_float(n, v):
    return np.full(n, v, np.float32)


@njit
def scaled(x, k=max(1.0, 2.0), j=min(3, 1.5), m=abs(-2)):
    return x * k + j * m


@njit("float64(float64)")
def use_scaled(x):
    return scaled(x)


# (No calls of first_bytes: in Numba 0.68.1 the length of the bytes tobytes makes is 0 inside
# compiled code, and reading them past that is undefined.)
CALLS = [
    ("scaled", (1.0,)),
    ("use_scaled", (2.0,)),
]
