"""`==` of two dtypes (Numba's `DtypeEq`: a constant of whether they are the same; `!=` types
through the generic fallback), and string methods on the literal Numba makes of `str()` of a
value it cannot format (`Literal[str](<object type:float64>)`)."""
import numpy as np
from numba import njit


@njit("boolean(int32[:])")
def is_int32(x):
    return x.dtype == np.dtype("int32")


@njit
def same_dtype(x, y):
    return x.dtype == y.dtype


@njit
def both(x, y):
    return x.dtype != y.dtype, x.dtype == y.dtype


@njit
def padded(v):
    return str(v).rjust(30)


@njit
def shouted(v):
    return str(v).upper()


@njit
def length(v):
    return len(str(v))


CALLS = [
    ("is_int32", (np.zeros(2, np.int32),)),
    ("same_dtype", (np.zeros(2), np.zeros(2))),
    ("same_dtype", (np.zeros(2), np.zeros(2, np.int32))),
    ("both", (np.zeros(2), np.zeros((2, 2)))),
    ("padded", (1.5,)),
    ("shouted", (1.5,)),
    ("length", (2.5,)),
]
