"""A NumPy scalar class as a parameter's default (ssqueezepy's `dtype=np.float64`): left out
from Python it is `omitted(default=<class 'numpy.float64'>)`, typed as the class, and it
works as `np.zeros`'s, `np.empty`'s and `astype`'s dtype; callers in compiled code too."""
import numpy as np
from numba import njit


@njit
def make(n, dtype=np.float64):
    return np.zeros(n, dtype=dtype)


@njit
def make_empty(n, dtype=np.int32):
    a = np.empty(n, dtype)
    a[:] = 3
    return a


@njit
def cast(x, dtype=np.float32):
    return x.astype(dtype)


@njit
def flags(n, dtype=np.bool_):
    return np.ones(n, dtype)


@njit
def caller(n):
    return make(n), make(n, np.float32), cast(np.arange(n)).dtype == np.float32


CALLS = [
    ("make", (3,)),
    ("make", (3, np.float32)),
    ("make_empty", (2,)),
    ("cast", (np.arange(3),)),
    ("flags", (2,)),
    ("caller", (2,)),
]
