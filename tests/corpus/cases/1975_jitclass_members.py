# @jitclass members: annotations as fields, a property with a setter, methods calling each
# other and returning new instances, instances passed to jit functions, stored in lists and
# tuples, and optional. Field stores convert the value to the field's type.
from collections import OrderedDict

import numpy as np
from numba import njit, float64, int64, types
from numba.experimental import jitclass


@jitclass
class Counter:
    count: int64
    total: float64

    def __init__(self, start):
        self.count = start
        self.total = 0.0

    def add(self, x):
        self.count += 1
        self.total += x
        return self

    def mean(self):
        return self.total / self.count if self.count else 0.0

    @property
    def half(self):
        return self.count // 2

    @half.setter
    def half(self, v):
        self.count = v * 2

    def copy(self):
        c = Counter(self.count)
        c.total = self.total
        return c


spec = OrderedDict()
spec["lo"] = float64
spec2 = {"lo": float64, "hi": float64, "data": types.float64[:, :]}


@jitclass(spec2)
class Box:
    def __init__(self, lo, hi, n):
        self.lo = lo
        self.hi = hi
        self.data = np.zeros((n, 2))

    def width(self):
        return self.hi - self.lo

    def contains(self, x):
        return self.lo <= x < self.hi

    @staticmethod
    def unit():
        return 1.0


@njit
def width_of(b):
    return b.width()


@njit("(int64,)")
def counting(n):
    c = Counter(0)
    for i in range(n):
        c.add(i * 0.5)
    c.half = 5
    d = c.copy()
    d.add(1.0).add(2.0)
    return c.mean(), d.count, c.half, d.total


@njit("(float64, float64)")
def boxes(lo, hi):
    b = Box(lo, hi, 3)
    items = [b, Box(0.0, 1.0, 2)]
    t = (b, 1)
    w = width_of(b) + width_of(items[1]) + t[0].unit()
    b.lo = 1
    b.data[0, 1] = w
    return w, b.contains(1.5), b.data.sum(), b.lo


@njit("(int64,)")
def maybe(n):
    c = Counter(n)
    if n > 3:
        c = None
    if c is None:
        return -1
    return c.count


CALLS = [("counting", (4,)), ("boxes", (0.5, 2.0)), ("maybe", (2,)), ("maybe", (5,))]
