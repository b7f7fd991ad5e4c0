# A @jitclass inherits the methods of plain Python base classes (Numba copies each class's
# __dict__ along the MRO, the jitclass's own last): an inherited method, an overridden one, a
# base of a base, and a private name of the base (mangled with the base's name).
from numba import njit, int64, float64
from numba.experimental import jitclass


class Root:
    def tag(self):
        return 100

    def describe(self):
        return -1.0


class Base(Root):
    def double(self):
        return self.x * 2

    def describe(self):
        return self.x + self.y

    def __secret(self):
        return 7

    def reveal(self):
        return self.__secret()


@jitclass([("x", int64), ("y", float64)])
class Child(Base):
    def __init__(self, x):
        self.x = x
        self.y = 1.5

    def describe(self):
        return self.x - self.y


@njit("(int64,)")
def use(n):
    c = Child(n)
    return c.double(), c.describe(), c.tag(), c.reveal()


CALLS = [("use", (3,))]
