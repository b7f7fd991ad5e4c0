"""Snippets from Numba's issue tracker: a tuple of integer constants assigned into arrays,
int() of a non-ns datetime64 (a TypingError), Dict.empty with a tuple value as key_type,
np.clip of integers with infinite bounds."""
import numpy as np
from numba import njit, types
from numba.typed import Dict


@njit
def set_int_tuple():
    a = np.zeros(2)
    a[:] = (1, 2)
    return a


@njit
def set_row():
    a = np.zeros((2, 3), dtype=np.int64)
    a[1] = (7, 8, 9)
    a[0, 1:] = (True, 5)
    return a


@njit
def set_wrong_len():
    a = np.zeros(3)
    a[:] = (1, 2)
    return a


@njit
def int_dt(t):
    return int(t)


@njit
def dict_tuple_key():
    d = Dict.empty(key_type=tuple((1, 1)), value_type=types.int64)
    elem = (1, 2)
    d[elem] = d.get(elem, 0) + 1
    return d[elem]


@njit
def dict_literal_tuple_key():
    d = Dict.empty(key_type=(1, 1), value_type=types.int64)
    d[(1, 2)] = 5
    return d[(1, 2)], len(d)


@njit
def clip_inf(a):
    return np.clip(a, a_min=np.inf, a_max=np.inf)


@njit
def clip_ninf(a):
    return np.clip(a, a_min=-np.inf, a_max=-np.inf)


CALLS = [
    ("set_int_tuple", ()),
    ("set_row", ()),
    ("set_wrong_len", ()),
    ("int_dt", (np.datetime64(5, "D"),)),
    ("int_dt", (np.datetime64(5, "ns"),)),
    ("int_dt", (np.timedelta64(5, "D"),)),
    ("dict_tuple_key", ()),
    ("dict_literal_tuple_key", ()),
    ("clip_inf", (np.array([1, 2]),)),
    ("clip_ninf", (np.array([1, 2], dtype=np.int32),)),
]
