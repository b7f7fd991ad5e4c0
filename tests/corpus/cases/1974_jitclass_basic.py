# @jitclass: fields from a spec list, a property, a method, a static method called through an
# instance; setting an attribute the spec does not declare is a TypingError at its line.
import numpy as np
from numba import njit, int32, float32, float64, int64
from numba.experimental import jitclass

spec = [('value', int32), ('array', float32[:])]


@jitclass(spec)
class Bag:
    def __init__(self, value):
        self.value = value
        self.array = np.zeros(value, dtype=np.float32)

    @property
    def size(self):
        return self.array.size

    def increment(self, val):
        for i in range(self.size):
            self.array[i] += val
        return self.array

    @staticmethod
    def add(x, y):
        return x + y


@njit("(int64,)")
def use(n):
    b = Bag(n)
    arr = b.increment(2.0)
    s = b.array.sum() + b.size + b.add(1, 2)
    return s + arr[0] + b.value


@njit("(int64,)")
def make(n):
    b = Bag(n)
    b.value = 7
    return b


@njit("(int64,)")
def bad_field(n):
    b = Bag(n)
    b.missing = 3
    return b.value


CALLS = [("use", (3,)), ("make", (4,)), ("bad_field", (2,))]
