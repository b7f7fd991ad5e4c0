"""A ufunc of scalars only given an output array (PyTransit's `z *= sign(1.0, sin(w + Ta))`,
which passes the array as `out`): the scalar result fills the array, which the call returns."""
import numpy as np
from numba import njit


@njit
def sign_into(x):
    return np.sign(1.0, np.sin(x))


@njit
def sin_into(x):
    out = np.zeros_like(x)
    np.sin(0.5, out)
    return out


@njit
def add_into_int(n):
    out = np.zeros(n, dtype=np.int32)
    r = np.add(3, 4, out=out)
    return out, r is out


@njit
def scaled(x):
    z = x * 2.0
    z *= np.sign(1.0, np.sin(x))
    return z


CALLS = [
    ("sign_into", (np.array([-1.0, 0.0, 2.0]),)),
    ("sin_into", (np.array([-1.0, 0.0, 2.0]),)),
    ("add_into_int", (3,)),
    ("scaled", (np.array([0.5, -2.0]),)),
]
