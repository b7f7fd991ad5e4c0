"""A set display whose items are widened by later adds (`s = {1, 2}; s.add(2.5)`): Numba
types the display as the wider set."""
import numpy as np
from numba import njit


@njit
def set_add_float(n):
    s = {1, 2}
    s.add(2.5)
    return len(s)


@njit
def set_items(n):
    s = {3, 1, 2, n}
    s.add(0.5)
    out = []
    for x in s:
        out.append(x)
    return out


@njit
def set_union(n):
    s = {1, 2}
    s.add(n * 1.5)
    t = s | {7.0}
    return sorted(t)


CALLS = [("set_add_float", (1,)), ("set_items", (5,)), ("set_items", (2,)), ("set_union", (3,))]
