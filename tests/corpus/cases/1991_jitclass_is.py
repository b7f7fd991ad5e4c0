# `is` between two @jitclass instances: Numba types it, then has no implementation to lower it
# ("no default `is` implementation"); `is None` of an optional instance works.
from numba import njit, int64
from numba.experimental import jitclass


@jitclass([("x", int64)])
class A:
    def __init__(self, x):
        self.x = x


@njit("(int64,)")
def same(n):
    a = A(n)
    b = a
    return a is b


@njit("(int64,)")
def maybe(n):
    a = A(n) if n > 0 else None
    return a is None, a is not None


CALLS = [("maybe", (1,)), ("maybe", (-1,))]
