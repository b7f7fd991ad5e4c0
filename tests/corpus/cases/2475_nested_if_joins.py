"""Nested `if`s whose inner join is empty meet at the outer join, as CPython threads the jump
(climate_indices' `_cafec_coeff_ufunc`): one phi of all the values, so no intermediate
`int64` version of a variable assigned two integer literals."""
from numba import njit


@njit("float64(float64, float64)")
def coefficient(actual, potential):
    if potential == 0:
        if actual == 0:
            c = 1
        else:
            c = 0
    else:
        c = actual / potential
    return c


@njit("float64(float64, float64)")
def single_level(actual, potential):
    if potential == 0:
        c = 1
    else:
        c = actual / potential
    return c


@njit("int64(int64)")
def chain(x):
    if x > 10:
        if x > 100:
            r = 3
        elif x > 50:
            r = 2
        else:
            r = 1
    else:
        r = 0
    return r


@njit("float64(int64)")
def in_loop(n):
    t = 0.0
    for i in range(n):
        if i % 2:
            if i % 3:
                v = 1
            else:
                v = 2
        else:
            v = 0.5
        t += v
    return t


CALLS = [
    ("coefficient", (0.0, 0.0)),
    ("coefficient", (1.0, 0.0)),
    ("coefficient", (1.0, 2.0)),
    ("single_level", (0.0, 0.0)),
    ("chain", (120,)),
    ("chain", (60,)),
    ("chain", (5,)),
    ("in_loop", (7,)),
]
