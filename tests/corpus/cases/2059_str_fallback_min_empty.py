# Numba's generic str()/repr(): values whose type has no __str__ (tuples, lists, arrays, dicts,
# named tuples) are the constant '<object type:TYPE>'. min()/max() of an empty iterable take
# its first item with next(): StopIteration. Assigning a named tuple's field has no lowering.
from collections import namedtuple

import numpy as np
from numba import njit

Point = namedtuple("Point", ["x", "y"])


@njit
def str_tuple(t):
    return str(t)


@njit
def str_list(n):
    return str([n, n])


@njit
def str_array(a):
    return str(a)


@njit
def repr_dict(n):
    return repr({n: 1.5})


@njit
def str_point(p):
    return str(p) + "!"


@njit
def min_empty_list():
    x = [1]
    x.pop()
    return min(x)


@njit
def max_empty_array(n):
    return max(np.zeros(n))


@njit
def min_empty_values():
    d = {1: 2.0}
    del d[1]
    return min(d.values())


@njit
def max_empty_set():
    s = {1}
    s.discard(1)
    return max(s)


@njit
def set_field(p):
    p.x = 5
    return p


CALLS = [
    ("str_tuple", ((1, 2),)),
    ("str_list", (3,)),
    ("str_array", (np.arange(3),)),
    ("repr_dict", (2,)),
    ("str_point", (Point(1, 2),)),
    ("min_empty_list", ()),
    ("max_empty_array", (0,)),
    ("min_empty_values", ()),
    ("max_empty_set", ()),
    ("set_field", (Point(0, 1),)),
]
