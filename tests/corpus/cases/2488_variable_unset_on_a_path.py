"""A variable assigned on only some paths and read after they join: Numba's slots start at
zero (`alloca_once` fills them), so the read gives 0, an array sized by it is empty, and a
loop over `range` of it does not run."""
import numpy as np
from numba import njit, prange


@njit
def chosen(na, nb):
    if (na == nb) or (nb == 1):
        n = na
    elif na == 1:
        n = nb
    return n


@njit
def only_if(na, nb):
    if na == nb:
        n = na
    return n


@njit
def sized(na, nb):
    if (na == nb) or (nb == 1):
        n = na
    elif na == 1:
        n = nb
    return np.zeros(n)


@njit
def float_unset(x):
    if x > 0:
        y = x * 2.0
    return y


@njit("float32[:](float32[:,:], float32[:,:])", parallel=True)
def par_sized(qa, qb):
    na = qa.shape[0]
    nb = qb.shape[0]
    if (na == nb) or (nb == 1):
        n = na
    elif na == 1:
        n = nb
    out = np.zeros(n, dtype=np.float32)
    for j in prange(n):
        out[j] = 2 * np.arccos(out[j])
    return out


@njit
def loop_carried(k):
    total = 0
    for i in range(k):
        if i % 2 == 0:
            v = i
        total += v
    return total


CALLS = [
    ("chosen", (2, 3)),
    ("chosen", (2, 2)),
    ("chosen", (1, 3)),
    ("only_if", (2, 3)),
    ("only_if", (4, 4)),
    ("sized", (2, 3)),
    ("sized", (3, 1)),
    ("float_unset", (-1.0,)),
    ("float_unset", (1.5,)),
    ("par_sized", (np.zeros((2, 4), dtype=np.float32), np.zeros((3, 4), dtype=np.float32))),
    ("par_sized", (np.zeros((2, 4), dtype=np.float32), np.zeros((1, 4), dtype=np.float32))),
    ("loop_carried", (5,)),
]
