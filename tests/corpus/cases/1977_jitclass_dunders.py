# @jitclass dunder methods: operators and builtins applied to an instance call them
# (numba/experimental/jitclass/overloads.py). A method that calls itself with the same
# argument types fails (Numba compiles it again through the class's template: "compiler
# re-entrant"), reported at the call in the function under test.
from numba import njit, float64, int64
from numba.experimental import jitclass


@jitclass([("x", float64), ("y", float64)])
class V:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y)

    def __mul__(self, k):
        return V(self.x * k, self.y * k)

    def __eq__(self, o):
        return self.x == o.x and self.y == o.y

    def __lt__(self, o):
        return self.x < o.x

    def __neg__(self):
        return V(-self.x, -self.y)

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return self.x if i == 0 else self.y

    def __contains__(self, v):
        return v == self.x or v == self.y

    def fact(self, n):
        if n <= 1:
            return 1
        return n * self.fact(n - 1)


@njit("(float64, float64)")
def ops(a, b):
    u = V(a, b)
    w = u + V(1.0, 2.0)
    z = -(w * 2.0)
    eq = u == V(a, b)
    lt = u < w
    n = len(u)
    first = u[0]
    has = 1.0 in u
    return z.x, eq, lt, n, first, has


@njit("(int64,)")
def recursive_method(n):
    v = V(1.0, 2.0)
    return v.fact(n)


@njit("(float64,)")
def no_sub(a):
    u = V(a, a)
    return (u - u).x


CALLS = [("ops", (1.0, 2.0)), ("recursive_method", (3,))]
