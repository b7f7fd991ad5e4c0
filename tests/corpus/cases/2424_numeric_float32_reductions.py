import numpy as np
from numba import njit


@njit
def ssum(a):
    return a.sum()


@njit
def smean(a):
    return a.mean()


@njit
def svar(a):
    return a.var(), a.std()


@njit
def scumsum(a):
    return np.cumsum(a)[-1]


@njit
def sprod(a):
    return np.prod(a)


@njit
def bsum(a):
    return sum(a)


@njit
def loop_sum(a):
    s = 0.0
    for x in a:
        s += x
    return s


@njit
def nansum(a):
    return np.nansum(a), np.nanmean(a)


@njit
def msum(a):
    return np.sum(a, axis=0)


CALLS = [
    ("ssum", (np.full(1000, 0.1, dtype=np.float32),)),
    ("ssum", (np.full(100000, 0.1, dtype=np.float32),)),
    ("ssum", (np.arange(1, 20001, dtype=np.float32) ** -1,)),
    ("ssum", (np.full(100000, 0.1),)),
    ("ssum", (np.full(20000, 1e16) * np.where(np.arange(20000) % 2 == 0, 1.0, -1.0) + 1.0,)),
    ("smean", (np.full(100000, 0.1, dtype=np.float32),)),
    ("smean", (np.full(100000, 0.1),)),
    ("smean", (np.array([16777216, 1, 1, 1, 1], dtype=np.float32),)),
    ("svar", (np.full(1000, 0.1, dtype=np.float32),)),
    ("svar", (np.linspace(0, 1, 1001).astype(np.float32),)),
    ("scumsum", (np.full(100000, 0.1, dtype=np.float32),)),
    ("sprod", (np.full(100, 1.01, dtype=np.float32),)),
    ("bsum", (np.full(1000, 0.1, dtype=np.float32),)),
    ("loop_sum", (np.full(1000, 0.1, dtype=np.float32),)),
    ("nansum", (np.full(100000, 0.1, dtype=np.float32),)),
    ("msum", (np.full((3000, 2), 0.1, dtype=np.float32),)),
    ("smean", (np.arange(10, dtype=np.int8),)),
    ("smean", (np.full(1000, 0.1, dtype=np.complex64),)),
]
