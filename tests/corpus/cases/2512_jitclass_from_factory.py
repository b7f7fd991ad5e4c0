"""Jitclasses made by factory functions, a class per call (the idiom for generic jitclasses):
the factory's parameters are read by the spec, the annotations and the methods, a local spec
list names them, and a method builds another instance by the class's own name."""
import numpy as np
from numba import float32, float64, int64, njit, types
from numba.experimental import jitclass
from numba.typed import List


def make_cell(value_type):
    @jitclass
    class Cell:
        row: int64
        value: value_type

        def __init__(self, row, value):
            self.row = row
            self.value = value

        def __lt__(self, other):
            return self.value < other.value

        def shifted(self, by):
            return Cell(self.row + 1, self.value + by)

    return Cell


def make_queue(item_type, start=0):
    """A ring buffer of `item_type` items."""
    spec = [("_front", int64), ("_data", types.ListType(item_type))]

    @jitclass(spec)
    class Queue:
        def __init__(self):
            self._front = start
            self._data = List.empty_list(item_type)

        def push(self, v):
            self._data.append(v)

        def total(self):
            t = 0.0
            for i in range(self._front, len(self._data)):
                t += self._data[i]
            return t

    return Queue


CellF = make_cell(float64)
CellS = make_cell(float32)
IntQueue = make_queue(int64)
SkipQueue = make_queue(float64, start=1)


@njit("Tuple((boolean, int64, float64))(float64, float64)")
def compare(a, b):
    x = CellF(0, a)
    y = x.shifted(b)
    return x < y, y.row, y.value


@njit
def single(a):
    c = CellS(2, a)
    return c.value, c.shifted(0.5).value


@njit
def queues(n):
    q = IntQueue()
    s = SkipQueue()
    for i in range(n):
        q.push(i)
        s.push(i * 0.5)
    return q.total(), s.total()


CALLS = [
    ("compare", (1.0, 2.5)),
    ("compare", (3.0, -4.0)),
    ("single", (1.25,)),
    ("queues", (5,)),
    ("queues", (0,)),
]
