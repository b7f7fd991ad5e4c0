"""A decorator made by a plain function of the module (numba-stats' `_jit`): `@_jit(sigs)`
compiles the signatures with the options the factory gives (here error_model="numpy", under
which a float division by zero is inf instead of ZeroDivisionError)."""
import numba as nb
import numpy as np


def _jit(signatures):
    """njit with the module's options."""
    return nb.njit(signatures, error_model="numpy", cache=False)


def _plain(signatures):
    return nb.njit(signatures)


@_jit(["float64(float64, float64)", "float32(float32, float32)"])
def ratio(x, y):
    return x / y


@_plain(["float64(float64, float64)"])
def checked_ratio(x, y):
    return x / y


@_jit(["float64[:](float64[:])"])
def normalized(a):
    return a / a.sum()


CALLS = [
    ("ratio", (1.0, 0.0)),
    ("ratio", (3.0, 2.0)),
    ("checked_ratio", (1.0, 0.0)),
    ("normalized", (np.array([1.0, 3.0]),)),
]
