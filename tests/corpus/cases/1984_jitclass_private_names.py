# Private names in a @jitclass: spec fields, annotations, attributes and methods named `__x`
# are mangled (`_Priv__x`), as CPython compiles the class body and Numba's jitclass applies
# the same change to the spec.
from numba import njit, int64
from numba.experimental import jitclass


@jitclass([("__x", int64)])
class Priv:
    __y: int64

    def __init__(self, x):
        self.__x = x
        self.__y = 2 * x

    def __helper(self):
        return self.__x * 10

    def get(self):
        return self.__x + self.__y + self.__helper()


@njit("(int64,)")
def use(n):
    p = Priv(n)
    return p.get(), p._Priv__x, p._Priv__y


@njit("(int64,)")
def outside(n):
    p = Priv(n)
    return p.__x


CALLS = [("use", (3,)), ("outside", (1,))]
