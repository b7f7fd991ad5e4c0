# str(), hash(), `in` and abs() of @jitclass instances: their dunder methods, and str()
# without __str__ giving Numba's repr of the instance (`<object type:...>`).
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

    def __str__(self):
        return "B(" + str(self.x) + ")"

    def __hash__(self):
        return self.x

    def __contains__(self, y):
        return y == self.x

    def __abs__(self):
        return abs(self.x)


@njit("(int64,)")
def dunders(n):
    return str(B(n)), hash(B(n)), n in B(n), (n + 1) in B(n), abs(B(-n))


@njit("(int64,)")
def plain_str(n):
    return str(A(n))


CALLS = [("dunders", (3,)), ("plain_str", (2,))]
