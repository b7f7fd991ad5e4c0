"""Lists and tuples given to NumPy functions whose Numba implementations begin with
`np.asarray(...)`: `np.roll`, `np.repeat` (a list of repeats too, not a tuple), `np.resize`,
`np.shape`, `np.size`, `np.setxor1d`, `np.setdiff1d`, `np.isin`, `np.cross`, `np.extract`,
`np.flatnonzero`, `np.argwhere`, `np.asarray_chkfinite`; a number where Numba makes a 0-d array
of it (`np.roll(4, 3)`, `np.resize(3, (2, 2))`); `np.roll` takes a boolean shift too."""
import numpy as np
from numba import njit


@njit
def roll(a, k):
    return np.roll(a, k)


@njit
def repeat(a, r):
    return np.repeat(a, r)


@njit
def resize(a, s):
    return np.resize(a, s)


@njit
def shape_size(a):
    return np.shape(a), np.size(a)


@njit
def sets(a, b):
    return np.setxor1d(a, b), np.setdiff1d(a, b), np.isin(a, b)


@njit
def cross(a, b):
    return np.cross(a, b)


@njit
def extract(c, a):
    return np.extract(c, a)


@njit
def nonzero_like(a):
    return np.flatnonzero(a), np.argwhere(a), np.asarray_chkfinite(a)


CALLS = [
    ("roll", ([1.1, 2.2, 3.3], 1)),
    ("roll", ((1, 2, 3), -1)),
    ("roll", (4, 3)),
    ("roll", ([1.1, 2.2, 3.3], True)),
    ("roll", (np.arange(6).reshape(2, 3), False)),
    ("repeat", ((0, 1, 2), 2)),
    ("repeat", ([0, 1, 2], 2)),
    ("repeat", (np.arange(2), [1, 2])),
    ("repeat", (np.arange(2), (1, 2))),
    ("resize", ([1, 2, 3], 7)),
    ("resize", (3, (2, 2))),
    ("shape_size", ((1, 2, 3),)),
    ("shape_size", (((1, 2), (3, 4), (5, 6)),)),
    ("sets", ([1, 8, 2, 3], [1, 2, 3, 4, 5, 6])),
    ("sets", ((1, 2, 2), np.arange(2))),
    ("cross", ((1, 2, 3), (4, 5, 6))),
    ("cross", (np.array([[1, 2, 3], [4, 5, 6]]), ((4, 5, 6), (1, 2, 3)))),
    ("extract", ((True, False, True), (1.5, 2.5, 3.5))),
    ("nonzero_like", ([0.0, 1.5, 0.0, 2.0],)),
    ("nonzero_like", ((1, 0, 3),)),
]
