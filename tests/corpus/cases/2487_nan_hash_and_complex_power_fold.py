"""hash() of a NaN draws 64 bits from a random state of Numba's own (so two hashes of one NaN
differ, and the `random` module's seeded sequence is untouched); CPython folds a negative
constant to a fractional constant power into a complex constant."""
import random

import numpy as np
from numba import njit

@njit
def h_twice(x):
    return hash(x) == hash(x)

@njit
def h_then_random(x, seed):
    random.seed(seed)
    h = hash(x)
    return random.random()

@njit
def h_seeded(x, seed):
    random.seed(seed)
    return hash(x)

@njit
def ch(z):
    return hash(z) == hash(z)

@njit(())
def neg_sqrt_typed():
    x = (-8) ** 0.5
    return x

@njit
def neg_cube_root():
    return (-8) ** (1 / 3)

@njit
def cmplx_fold():
    return (-1) ** 0.5, (-4.0) ** 0.5, (-27) ** (1 / 3), (-2) ** -1, (-2.0) ** 2.0, 2 ** 0.5

CALLS = [("h_twice", (float("nan"),)), ("h_twice", (1.5,)), ("h_then_random", (float("nan"), 3)),
         ("h_then_random", (2.5, 3)), ("ch", (complex(float("nan"), 1.0),)),
         ("ch", (complex(1.0, 2.0),)), ("neg_sqrt_typed", ()), ("neg_cube_root", ()), ("cmplx_fold", ())]
