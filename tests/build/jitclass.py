"""`@jitclass` instances in built modules: constructed, read, written and called in compiled
code (fields from a spec and from annotations, methods, properties with setters, static
methods, instances in lists and tuples, optional instances, array fields replaced and
released, exceptions raised in methods). Each call's outcome (result, or exception class
and arguments) must equal what Numba 0.68.1 gave, recorded in `jitclass.expected.json`;
compiled-code memory must all be released afterwards (instances and the arrays they hold).

Usage: python tests/build/jitclass.py            (a Python with numpy and the runtime)
       python tests/build/jitclass.py --record   (a Python with numba 0.68.1: rewrites the
                                                  expected answers)
"""
import os
import sys

from numba_answers import run

EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "jitclass.expected.json")

SOURCE = '''
import numpy as np
from numba import njit, float64, int64, boolean
from numba.experimental import jitclass


@jitclass([("data", float64[:]), ("n", int64), ("flag", boolean)])
class Stack:
    def __init__(self, capacity):
        self.data = np.empty(capacity)
        self.n = 0
        self.flag = False

    def push(self, x):
        if self.n == self.data.size:
            bigger = np.empty(2 * self.data.size)
            bigger[: self.n] = self.data
            self.data = bigger
        self.data[self.n] = x
        self.n += 1
        self.flag = True
        return self

    def pop(self):
        if self.n == 0:
            raise IndexError("pop from an empty stack")
        self.n -= 1
        return self.data[self.n]

    @property
    def size(self):
        return self.n

    @property
    def top(self):
        return self.data[self.n - 1]

    @top.setter
    def top(self, v):
        self.data[self.n - 1] = v

    @staticmethod
    def scale():
        return 10.0


@jitclass
class Vec:
    x: float64
    y: float64

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def norm2(self):
        return self.x * self.x + self.y * self.y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __iadd__(self, other):
        self.x += other.x
        self.y += other.y
        return self

    def __neg__(self):
        return Vec(-self.x, -self.y)

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return self.x if i == 0 else self.y


@jitclass([("v", float64[:])])
class Checked:
    def __init__(self, n):
        self.v = np.ones(2)
        if n > 3:
            raise ValueError("too big", n)


@njit("(int64,)")
def construct_raises(n):
    c = Checked(n)
    return c.v.sum()


@njit
def total(s):
    t = 0.0
    for i in range(s.size):
        t += s.data[i]
    return t


@njit("(int64,)")
def stack_ops(n):
    s = Stack(2)
    for i in range(n):
        s.push(i * 1.5).push(1.0)
    a = s.pop()
    s.top = 7.0
    return total(s), a, s.size, s.data.size, s.flag, s.scale()


@njit("(int64,)")
def stack_empty(n):
    s = Stack(1)
    for i in range(n):
        s.push(float(i))
    for i in range(n + 1):
        s.pop()
    return s.size


@njit("(float64, float64)")
def vectors(x, y):
    vs = [Vec(x, y), Vec(1.0, 2.0), Vec(-x, y)]
    acc = Vec(0.0, 0.0)
    for v in vs:
        acc = acc.add(v)
    pair = (acc, vs[1])
    return acc.x, acc.y, pair[1].norm2(), len(vs)


@njit("(float64, float64)")
def operators(x, y):
    a = Vec(x, y)
    b = a + Vec(1.0, 1.0)
    c = -b
    c += a
    return b.x, c.y, a == Vec(x, y), b == a, len(a), a[1]


@njit("(int64,)")
def optional_vec(n):
    v = Vec(float(n), 1.0)
    if n > 2:
        v = None
    if v is None:
        return -1.0
    return v.norm2()


@njit("(int64,)")
def keep_array(n):
    s = Stack(n)
    for i in range(n):
        s.push(float(i))
    d = s.data
    s.data = np.zeros(1)
    s.n = 0
    return d.sum() + s.data.size
'''

CALLS = [
    "stack_ops(3)", "stack_ops(0)", "stack_empty(2)", "vectors(3.0, 4.0)", "optional_vec(1)",
    "optional_vec(5)", "keep_array(4)", "construct_raises(2)", "construct_raises(5)",
    "operators(2.0, 3.0)",
]


def main():
    return run("jitclass", SOURCE, "jcmod", CALLS, EXPECTED, no_leaks=True)


if __name__ == "__main__":
    sys.exit(main())
