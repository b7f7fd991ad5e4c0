# @jitclass applied by calling it on a class defined before (`Bag = jitclass(Bag, spec)`,
# `Pair = jitclass(spec)(Pair)`), under the class's own name.
import numpy as np
from numba import njit, float64, int64
from numba.experimental import jitclass


class Bag:
    def __init__(self, n):
        self.data = np.arange(n * 1.0)
        self.n = n

    def total(self):
        return self.data.sum() + self.n


bag_spec = [("data", float64[:]), ("n", int64)]
Bag = jitclass(Bag, bag_spec)


class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def swap(self):
        return Pair(self.b, self.a)


Pair = jitclass([("a", int64), ("b", int64)])(Pair)


@njit("(int64,)")
def use(n):
    b = Bag(n)
    p = Pair(n, 2 * n).swap()
    return b.total(), p.a, p.b


@njit("(int64,)")
def bad(n):
    p = Pair(n, n)
    return p.c


CALLS = [("use", (3,)), ("bad", (1,))]
