# Factories that return their inner function compiled (njit(inner)), also under `if backend is numpy:` / `else:`.
import numpy
import numpy as np
from numba import njit


def make_full(backend):
    def full(n, fill):
        return backend.full(n, fill)

    if backend is numpy:
        return njit(nogil=True)(full)
    else:
        return full


full_jit = make_full(numpy)


def make_scaled(k):
    def scaled(x):
        return x * k
    return njit(scaled)


triple = make_scaled(3)


CALLS = [
    ("full_jit", (3, 1.5)),
    ("triple", (4,)),
    ("triple", (np.arange(3),)),
]
