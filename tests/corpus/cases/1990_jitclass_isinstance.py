# isinstance() of @jitclass instances: a compile-time constant, true for the class's own
# instances and false for another class's.
from numba import njit, int64
from numba.experimental import jitclass


@jitclass([("x", int64)])
class A:
    def __init__(self, x):
        self.x = x


@jitclass([("x", int64)])
class B:
    def __init__(self, x):
        self.x = x


@njit("(int64,)")
def kinds(n):
    a = A(n)
    return isinstance(a, A), isinstance(a, B), isinstance(B(n), (A, B))


CALLS = [("kinds", (1,))]
