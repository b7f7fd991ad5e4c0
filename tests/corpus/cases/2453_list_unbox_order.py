"""Lists unboxed after other calls of the same functions: a list whose items are of different
Numba types is the TypeError ("can't unbox heterogeneous list") even when its first item does not
fit the specialization the dispatcher picked ([2**63, 1] after lists of small ints)."""
from numba import njit
import numpy as np

@njit
def ident(a):
    return a

@njit
def total(a):
    s = 0.0
    for x in a:
        s += x
    return s

@njit
def first_len(a):
    return len(a), a[0]

@njit
def set_id(s):
    return len(s)

@njit
def app_float(a):
    a.append(2.5)
    return a

@njit
def str_list_mut(a):
    a[0] = a[0] + "!"
    a.append("new")
    return a

@njit
def tup_list(a):
    return a[-1]

CALLS = [
    ("ident", ([1, 2.5],)),
    ("ident", ([2.5, 1],)),
    ("ident", ([True, 1],)),
    ("ident", ([1, True],)),
    ("total", ([1, 2.5],)),
    ("set_id", ({1, 2.5},)),
    ("set_id", (set(),)),
    ("app_float", ([1.0],)),
    ("app_float", ([1],)),
    ("str_list_mut", (["a", "é"],)),
    ("tup_list", ([(1, "a"), (2, "b")],)),
    ("ident", ([],)),
    ("ident", ((1, [2]),)),
    ("first_len", ([[1, 2], [3]],)),
    ("first_len", ([[1, 2], []],)),
    ("first_len", ([[], [1]],)),
    ("first_len", ([np.ones(2), np.ones((2, 2))],)),
    ("first_len", ([np.ones(2), np.ones(3, dtype=np.int64)],)),
    ("first_len", ([(1, 2), (3, 4, 5)],)),
    ("first_len", ([np.float32(1.0), 2.0],)),
    ("first_len", ([1 + 2j, 3],)),
    ("first_len", ([None, None],)),
    ("first_len", (["a", 1],)),
    ("first_len", ([2 ** 63, 1],)),
    ("first_len", ([1, 2 ** 63],)),
]
