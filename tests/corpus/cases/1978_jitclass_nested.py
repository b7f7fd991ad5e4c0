# @jitclass fields whose type is another jitclass (`Other.class_type.instance_type`): read,
# replaced, passed on, methods called through them; returned to Python.
import numpy as np
from numba import njit, float64, int64
from numba.experimental import jitclass


@jitclass([("x", float64), ("w", float64[:])])
class Inner:
    def __init__(self, x):
        self.x = x
        self.w = np.full(3, x)

    def scaled(self, k):
        return self.x * k


spec = [("inner", Inner.class_type.instance_type), ("k", int64)]


@jitclass(spec)
class Outer:
    def __init__(self, x):
        self.inner = Inner(x)
        self.k = 2

    def value(self):
        return self.inner.scaled(self.k) + self.inner.w.sum()

    def swap(self, other):
        old = self.inner
        self.inner = other
        return old


@njit("(float64,)")
def nested(x):
    o = Outer(x)
    o.inner.x += 1.0
    a = o.value()
    old = o.swap(Inner(10.0))
    return a, old.x, o.inner.x, o.value()


@njit("(float64,)")
def inner_of(x):
    o = Outer(x)
    return o.inner


@njit("(float64,)")
def pair(x):
    o = Outer(x)
    i = o.inner
    o.inner = Inner(2.0 * x)
    return i.x + o.inner.x, i.w.size


@njit("(float64,)")
def bad_store(x):
    o = Outer(x)
    o.inner = 3.0
    return o.k


CALLS = [("nested", (1.5,)), ("inner_of", (2.0,)), ("pair", (1.0,)), ("bad_store", (1.0,))]
