# `f.at(a, indices, b=None)` of lazily compiled @vectorize functions in jit code (Numba's
# experimental DUFunc at): unbuffered in-place updates, repeated and negative indices, b a
# number or an array broadcast to the indices; a @vectorize function with signatures refuses
# (Numba's RuntimeError: compiling a loop is disabled).
import numpy as np
from numba import njit, vectorize


@vectorize
def lneg(x):
    return -x


@vectorize
def ladd(x, y):
    return x + y


@vectorize(["int64(int64, int64)"])
def fadd(x, y):
    return x + y


@njit
def at1(a, idx):
    lneg.at(a, idx)
    return a


@njit
def at2(a, idx, b):
    ladd.at(a, idx, b)
    return a


@njit
def at_list(a):
    ladd.at(a, [0, 1, 1], 2.0)
    return a


@njit
def at_frozen(a, idx):
    fadd.at(a, idx, 1)
    return a


@njit
def at_missing_b(a, idx):
    ladd.at(a, idx)
    return a


CALLS = [
    ("at1", (np.arange(5.0), np.array([0, 2, 2]))),
    ("at1", (np.arange(5.0), 3)),
    ("at1", (np.arange(5), np.array([1, -1]))),
    ("at2", (np.zeros(4), np.array([1, 1, 3]), 1.5)),
    ("at2", (np.zeros(4), np.array([1, 1, 3]), np.array([1.0, 2.0, 3.0]))),
    ("at2", (np.zeros(4, dtype=np.int64), np.array([-1, 0]), 2)),
    ("at2", (np.zeros(4), np.array([1, 2]), np.array([1.0, 2.0, 3.0]))),
    ("at2", (np.zeros(4), np.array([1, 2]), np.array([7.0]))),
    ("at2", (np.zeros(4), 2, 5.0)),
    ("at2", (np.arange(6.0)[::2], np.array([0, 2]), 1.0)),
    ("at_list", (np.zeros(3),)),
    ("at_frozen", (np.zeros(3, dtype=np.int64), np.array([0]))),
    ("at_missing_b", (np.zeros(3), np.array([0]))),
]
