# jitclass specs built by list concatenation (base + [...]) and by a list comprehension over
# constant names: numrs could not read them without running the module.
from numba import njit, float64, int64
from numba.experimental import jitclass

base_spec = [("x", float64), ("y", float64)]
ext_spec = base_spec + [("tag", int64)]
spec3 = [(n, float64) for n in ("a", "b", "c")]


@jitclass(ext_spec)
class Tagged:
    def __init__(self, x, y, tag):
        self.x = x
        self.y = y
        self.tag = tag

    def total(self):
        return self.x + self.y + self.tag


@jitclass(spec3)
class V3:
    def __init__(self, a, b, c):
        self.a = a
        self.b = b
        self.c = c

    def dot(self, o):
        return self.a * o.a + self.b * o.b + self.c * o.c


@njit
def tagged(x, y, t):
    return Tagged(x, y, t).total()


@njit
def v3dot(a, b):
    return V3(a, a, a).dot(V3(b, 1.0, 0.0))


CALLS = [("tagged", (1.0, 2.0, 3)), ("v3dot", (2.0, 3.0))]
