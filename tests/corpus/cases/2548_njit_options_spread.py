"""Decorator options given as `**mapping`: a module-level dict (as tardis writes
`@njit(**njit_dict_no_parallel)`), a dict display, `dict(...)`, and a dict spreading another."""
import numpy as np
from numba import njit

NJIT_OPTS = {"fastmath": False, "error_model": "numpy", "parallel": False}
BASE = dict(boundscheck=True)
MORE = {**BASE, "error_model": "numpy"}


@njit(**NJIT_OPTS)
def fdiv(a, b):
    return a / b


@njit(**NJIT_OPTS)
def idiv(a, b):
    return a // b, a % b


@njit(**{"boundscheck": True})
def get_checked(a, i):
    return a[i]


@njit(cache=False, **BASE)
def get_checked2(a, i):
    return a[i]


@njit(**MORE)
def both(a, i, d):
    return a[i] / d


@njit("float64(float64, float64)", **NJIT_OPTS)
def fdiv_sig(a, b):
    return a / b


CALLS = [
    ("fdiv", (1.0, 0.0)),
    ("fdiv", (-1.0, 0.0)),
    ("idiv", (7, 0)),
    ("idiv", (7, 2)),
    ("get_checked", (np.arange(3.0), 5)),
    ("get_checked", (np.arange(3.0), 1)),
    ("get_checked2", (np.arange(3.0), -4)),
    ("both", (np.arange(3.0), 1, 0.0)),
    ("both", (np.arange(3.0), 3, 1.0)),
    ("fdiv_sig", (0.0, 0.0)),
]
