"""Complex numbers as set items and dict keys: hashed as CPython hashes them (the parts'
hashes combined), so a set iterates in the order Numba's does; `-0j` and `0j` are one set
item (numeric equality) and, as dict keys, two (Numba compares key bytes)."""
import numpy as np
from numba import njit


@njit
def distinct(a):
    s = set()
    for x in a:
        s.add(x)
    return len(s)


@njit
def member(a, z):
    s = set(a)
    return z in s


@njit
def last_index(a):
    d = {}
    for i, x in enumerate(a):
        d[x] = i
    return d[a[0]], len(d)


@njit
def in_set_order(a):
    out = []
    for z in set(a):
        out.append(z)
    return out


@njit
def keys_in_order(a):
    d = {}
    for i, x in enumerate(a):
        d[x] = i
    return [k for k in d]


@njit
def tuple_keys(a):
    d = {}
    for i, x in enumerate(a):
        d[(x, i % 2)] = i
    return len(d), d[(a[0], 0)]


@njit
def single_precision(a):
    s = set()
    for x in a:
        s.add(np.complex64(x))
    return len(s)


CALLS = [
    ("distinct", (np.array([1 + 2j, 3j, 1 + 2j, 0j, -0j]),)),
    ("member", (np.array([1 + 2j, 3j]), 3j)),
    ("member", (np.array([1 + 2j, 3j]), 2j)),
    ("last_index", (np.array([1 + 2j, 3j, 1 + 2j]),)),
    ("in_set_order", (np.array([5 - 1j, 1 + 2j, 3j, -7.5 + 0.5j, 2.0 + 0j, 1e10j]),)),
    ("keys_in_order", (np.array([0j, -0j, 1j, 1j]),)),
    ("tuple_keys", (np.array([1 + 1j, 2 + 2j, 1 + 1j, 1 + 1j]),)),
    ("single_precision", (np.array([0.1 + 0.1j, 0.1 + 0.1j, 0.2j]),)),
]
