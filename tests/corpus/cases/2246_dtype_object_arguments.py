# NumPy dtype objects passed from Python (`np.dtype("u2")`, Numba's `dtype(uint16)`): used as a
# `dtype=` argument of NumPy's constructors and `astype`, and returned as dtype objects.
import numpy as np
from numba import njit


@njit
def zeros_of(dt, n):
    return np.zeros(n, dt)


@njit
def ones_dtype(n, dt):
    return np.ones(n, dtype=dt)


@njit
def astype_to(a, dt):
    return a.astype(dt)


@njit
def ident(x):
    return x


CALLS = [
    ("zeros_of", (np.dtype("u2"), 2)),
    ("zeros_of", (np.uint16, 2)),
    ("ones_dtype", (2, np.dtype("float32"))),
    ("astype_to", (np.arange(3), np.dtype("complex64"))),
    ("ident", (np.dtype("f8"),)),
    ("ident", (np.dtype("int8"),)),
]
