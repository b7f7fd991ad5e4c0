"""`@jitclass` instances between Python and a built module, as Numba's boxing gives them: the
class constructs instances when Python calls it; an instance's fields, properties, methods,
static methods and dunder methods are reached from Python; instances are passed to and returned
from jit functions (also in lists and tuples); fields set from Python convert the value (an
array stored is the same array). Each snippet's outcome (the repr of its `result`, or the
exception's class and arguments) must equal what Numba 0.68.1 gave, recorded in
`jitclass_python.expected.json`; compiled-code memory must all be released afterwards.

Usage: python tests/build/jitclass_python.py            (a Python with numpy and the runtime)
       python tests/build/jitclass_python.py --record   (a Python with numba 0.68.1: rewrites
                                                         the expected answers)
"""
import os
import re
import sys

from numba_answers import run

EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "jitclass_python.expected.json")

SOURCE = '''
import numpy as np
from numba import njit, float64, int64, int32
from numba.experimental import jitclass


@jitclass([("data", float64[:]), ("n", int64), ("label", int32)])
class Stack:
    def __init__(self, capacity):
        self.data = np.zeros(capacity)
        self.n = 0
        self.label = 7

    def push(self, x):
        if self.n == self.data.size:
            raise IndexError("full", self.n)
        self.data[self.n] = x
        self.n += 1
        return self

    def pop(self):
        self.n -= 1
        return self.data[self.n]

    def total(self):
        return self.data[: self.n].sum()

    def replace(self, d):
        self.data = d
        self.n = d.size

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
    def scale(x):
        return 2.0 * x


@jitclass
class Vec:
    x: float64
    y: float64

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm2(self):
        return self.x * self.x + self.y * self.y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __neg__(self):
        return Vec(-self.x, -self.y)

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return self.x if i == 0 else self.y


@jitclass([("n", int64), ("scale", float64)])
class Scaled:
    def __init__(self, n, scale=2.0):
        self.n = n
        self.scale = scale


@njit("(int64,)")
def scaled(n):
    return Scaled(n, 3.0).scale


@jitclass([("k", int64)])
class G:
    def __init__(self, k):
        self.k = k

    def gen(self, niter):
        for i in range(niter):
            yield np.arange(i) * self.k


@njit("(int64,)")
def gen_total(n):
    s = 0
    for a in G(2).gen(n):
        s += a.sum()
    return s


@njit
def fill(s, k):
    for i in range(k):
        s.push(i + 0.5)
    return s


@njit("(int64,)")
def make_stack(k):
    return fill(Stack(k + 1), k)


@njit
def total_of(s):
    return s.total() + s.size


@njit("(float64,)")
def vecs(t):
    return [Vec(t, 1.0), Vec(2.0, t)], (Vec(t, t), 3)


@njit
def sum_x(vs):
    acc = 0.0
    for v in vs:
        acc += v.x
    return acc


@njit("(float64, float64)")
def ops(a, b):
    v = Vec(a, b) + Vec(1.0, 1.0)
    w = -v
    return v == Vec(a + 1.0, b + 1.0), len(w), w[0], v.norm2()
'''

# Each snippet runs with `m` (the module) and `np`; its outcome is the repr of `result`.
CALLS = [
    "s = m.Stack(3); result = (s.n, s.label, s.size, s.data)",
    "s = m.make_stack(2); result = (s.n, s.size, s.top, s.total(), s.pop(), s.size)",
    "s = m.make_stack(2); s.top = 9.5; result = (s.data, s.top)",
    "s = m.Stack(4); s.push(1.0).push(2.5); result = (s.total(), s.scale(1.5), m.Stack.scale(2.0))",
    "s = m.Stack(1); s.push(1.0); s.push(2.0)",
    "s = m.make_stack(3); result = m.total_of(s)",
    "s = m.Stack(2); s.n = 2.9; s.label = -3; result = (s.n, s.label)",
    "a = np.arange(4.0); s = m.Stack(2); s.data = a; s.n = 4; result = (s.data is a, s.total(), a.sum())",
    "s = m.Stack(2); a = s.data; a[0] = 5.0; result = (s.data[0], s.data is a)",
    "s = m.Stack(2); s.data = np.zeros(3, dtype=np.int64)",
    "s = m.Stack(1); s.replace(np.arange(4.0)); import gc; gc.collect(); junk = [np.full(500, 9.0) for _ in range(50)]; result = (s.total(), s.data)",
    "a = np.arange(3.0); s = m.Stack(1); s.replace(a); result = (s.data is a, s.total())",
    "s = m.Stack(2); s.other = 1",
    "s = m.Stack(2); result = s.missing",
    "s = m.Stack(2); result = (type(s).__name__, isinstance(s, m.Stack), isinstance(s, m.Vec), repr(s))",
    "v = m.Vec(3.0, 4.0); w = m.Vec(3.0, 4.0); result = (v.norm2(), len(v), v[0], v[1], v == w, (v + w).x, (-v).y)",
    "vs, t = m.vecs(2.0); result = (len(vs), vs[0].x, vs[1].y, t[0].norm2(), t[1], m.sum_x(vs))",
    "result = m.ops(1.0, 2.0)",
    "result = (m.Scaled(2).scale, m.Scaled(2, 5.0).scale, m.Scaled(scale=4.0, n=3).n)",
    "m.Scaled()",
    "m.Scaled(1, 2.0, 3)",
    "result = (m.gen_total(4), [a.tolist() for a in m.G(3).gen(3)])",
]


# Snippets whose exception's message is Numba's internal (an LLVM error): the class is compared.
CLASS_ONLY = {"s = m.Stack(2); s.data = np.zeros(3, dtype=np.int64)"}


def outcome(module, snippet):
    import numpy as np
    ns = {"m": module, "np": np}
    try:
        exec(snippet, ns)
        # Numba's boxes print their address: not comparable.
        return {"result": re.sub(r"0x[0-9a-f]+", "0x?", repr(ns.get("result")))}
    except Exception as e:  # noqa: BLE001
        if snippet in CLASS_ONLY:
            return {"error": type(e).__name__}
        return {"error": type(e).__name__, "args": repr(e.args)}


# The specializations Python's calls compile in Numba (lazily): numrs builds them ahead of time.
RECORDED = [
    ("Stack", ["int64"]),
    ("Stack.push", ["float64"]),
    ("Stack.scale", ["float64"]),
    ("Stack.replace", ["array(float64, 1d, C)"]),
    ("G.gen", ["int64"]),
    ("total_of", ["instance.jitclass.Stack#0<data:array(float64, 1d, A),n:int64,label:int32>"]),
    ("sum_x", ["reflected list(instance.jitclass.Vec#0<x:float64,y:float64>)<iv=None>"]),
    ("Vec.__add__", ["instance.jitclass.Vec#0<x:float64,y:float64>"]),
    ("Vec.__eq__", ["instance.jitclass.Vec#0<x:float64,y:float64>"]),
    ("Vec.__getitem__", ["int64"]),
]


def main():
    return run("jitclass_python", SOURCE, "jcpymod", CALLS, EXPECTED, outcome=outcome, recorded=RECORDED, no_leaks=True)


if __name__ == "__main__":
    sys.exit(main())
