# Named tuples as sequences: sum/min/max, hash, star arguments, lists, typed containers, unpacking,
# enumerate/zip, string fields, nesting, tuple.index; isinstance refuses them as Numba does.
from collections import namedtuple
import numpy as np
from numba import njit
from numba.typed import List, Dict

Point = namedtuple("Point", ["x", "y"])
Rec = namedtuple("Rec", "name value")

@njit
def reduce_ops(p):
    return sum(p), min(p), max(p), hash(p) == hash((p.x, p.y))

@njit
def shape_point(a):
    return Point(*a.shape)

@njit
def list_in(pts):
    s = 0.0
    for p in pts:
        s += p.x * p.y
    return s

@njit
def typed_list(n):
    l = List()
    for i in range(n):
        l.append(Point(i, -i))
    return l

@njit
def dict_values(n):
    d = Dict()
    for i in range(n):
        d[i] = Point(i * 1.0, i * 2.0)
    return d[n - 1].y

@njit
def unpack_loop(pts):
    t = 0
    for x, y in pts:
        t += x - y
    return t

@njit
def enum_zip(p):
    s = 0
    for i, v in enumerate(p):
        s += i * v
    for a, b in zip(p, p):
        s += a * b
    return s

@njit
def strings(r):
    return r.name + "!", r.value * 2

@njit
def is_inst(p):
    return isinstance(p, tuple), len(p)

@njit
def nested(n):
    return Point(Point(n, n), (n, n + 1.0))

@njit
def index_method(p):
    return p.index(2)

CALLS = [
    ("reduce_ops", (Point(3, 4),)),
    ("shape_point", (np.zeros((2, 5)),)),
    ("list_in", ([Point(1.0, 2.0), Point(3.0, 4.0)],)),
    ("typed_list", (3,)),
    ("dict_values", (4,)),
    ("unpack_loop", ([Point(5, 2), Point(7, 1)],)),
    ("enum_zip", (Point(3, 4),)),
    ("strings", (Rec("ab", 2.5),)),
    ("is_inst", (Point(1, 2),)),
    ("nested", (2,)),
    ("index_method", (Point(1, 2),)),
]
