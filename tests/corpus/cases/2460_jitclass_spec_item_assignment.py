"""A jitclass spec filled by item assignments at module level (numba-examples' linkedlist.py:
`spec = OrderedDict(); spec['data'] = int32`), also on a dict display and after an initial
field; a later assignment to the same name retypes the field."""
from collections import OrderedDict

import numpy as np
from numba import float64, int32, int64, njit
from numba.experimental import jitclass

node_spec = OrderedDict()
node_spec["data"] = int32
node_spec["weight"] = float64

pair_spec = {"a": int64}
pair_spec["b"] = float64
pair_spec["a"] = int32


@jitclass(node_spec)
class Node(object):
    def __init__(self, data):
        self.data = data
        self.weight = data * 0.5


@jitclass(pair_spec)
class Pair(object):
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def total(self):
        return self.a + self.b


@njit
def make(n):
    x = Node(n)
    return x.data, x.weight


@njit("int32(int64)")
def data_of(n):
    return Node(n).data


@njit
def pair_total(a, b):
    p = Pair(a, b)
    return p.total(), p.a


CALLS = [
    ("make", (3,)),
    ("make", (2**31 + 5,)),
    ("data_of", (7,)),
    ("pair_total", (1, 2.5)),
    ("pair_total", (2**40, 0.0)),
]
