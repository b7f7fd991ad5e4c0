# @jitclass typing errors: a constructor called with the wrong number of arguments, an
# attribute that is neither a field nor a member, a static method looked up on the class,
# an __init__ that returns a value, an error inside a method (reported at the call).
import numpy as np
from numba import njit, int64, float64
from numba.experimental import jitclass


@jitclass([("x", int64)])
class Point:
    def __init__(self, x):
        self.x = x

    def scaled(self, k):
        return self.x * k

    def broken(self):
        return self.x + "a"

    @staticmethod
    def origin():
        return 0


@jitclass([("v", float64)])
class Returns:
    def __init__(self, v):
        self.v = v
        return 1


@njit("(int64,)")
def too_many(n):
    p = Point(n, 2)
    return p.x


@njit("(int64,)")
def unknown_attr(n):
    p = Point(n)
    return p.y


@njit("(int64,)")
def static_on_class(n):
    return Point.origin() + n


@njit("(float64,)")
def init_returns(v):
    r = Returns(v)
    return r.v


@njit("(int64,)")
def method_error(n):
    p = Point(n)
    return p.broken()


@njit("(int64,)")
def fine(n):
    p = Point(n)
    return p.scaled(2.5) + p.origin()


CALLS = [("fine", (3,))]
