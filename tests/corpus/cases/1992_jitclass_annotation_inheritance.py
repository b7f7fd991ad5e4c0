# Field annotations of plain base classes are fields of a @jitclass (Numba reads
# typing.get_type_hints of the class: the bases' annotations first), after the spec's.
from numba import njit, int64, float64
from numba.experimental import jitclass


class Foo:
    x: int


class Mid(Foo):
    w: float


@jitclass([("s", int64)])
class Bar(Mid):
    y: float

    def __init__(self, value):
        self.x = int(value)
        self.w = 2 * value
        self.y = value
        self.s = 1


@njit("(float64,)")
def fields(v):
    b = Bar(v)
    return b.s, b.x, b.w, b.y, b


CALLS = [("fields", (2.5,))]
