"""Module-level structured arrays made by np.array from numbers (each assigned to every field)
and with a comma-separated dtype string (fields f0, f1, ...)."""
import numpy as np
from numba import njit

ARR = np.array([1, 2], dtype=np.dtype([('value', 'i8')]))
TWO = np.array([3, 4.5], dtype=[('a', 'i8'), ('b', 'f8')])
PAIRS = np.array([(1, 2.0), (3, 4.5)], dtype='i8, f8')


@njit("int64()")
def first_value():
    return ARR[1]['value']


@njit("float64()")
def pair_f1():
    return PAIRS[1]['f1'] + PAIRS[0]['f0']


@njit
def whole_field():
    return ARR.value


@njit
def item_attr():
    return ARR[1].value


@njit
def broadcast_fields():
    return TWO[0].a, TWO[0].b, TWO[1].a, TWO[1].b


@njit
def pairs_sum():
    t = 0.0
    for r in PAIRS:
        t += r.f0 * r.f1
    return t


CALLS = [
    ("first_value", ()),
    ("pair_f1", ()),
    ("whole_field", ()),
    ("item_attr", ()),
    ("broadcast_fields", ()),
    ("pairs_sum", ()),
]
