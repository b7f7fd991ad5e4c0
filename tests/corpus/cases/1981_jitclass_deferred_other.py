# A deferred type defined as another jitclass's instances, where that class holds an instance
# of the first (the two class types refer to each other), and a deferred type never defined.
from numba import njit, int64, deferred_type, optional
from numba.experimental import jitclass

b_type = deferred_type()
never = deferred_type()


@jitclass([("v", int64), ("b", optional(b_type)), ("m", optional(never))])
class A:
    def __init__(self, v):
        self.v = v
        self.b = None
        self.m = None


@jitclass([("a", A.class_type.instance_type), ("k", int64)])
class B:
    def __init__(self, v):
        self.a = A(v)
        self.k = 2 * v


b_type.define(B.class_type.instance_type)


@njit("(int64,)")
def linked(n):
    a = A(n)
    a.b = B(n + 1)
    x = a.b
    if x is not None:
        return x.a.v + x.k
    return -1


@njit("(int64,)")
def undefined(n):
    a = A(n)
    y = a.m
    return y.v


CALLS = [("linked", (3,)), ("undefined", (1,))]
