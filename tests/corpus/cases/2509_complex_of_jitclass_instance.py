"""`complex()` of a jitclass instance, as Numba's jitclass overloads give it: the instance's
`__complex__` (an `imag` argument is ignored), else `complex(float(x))` through `__float__` or
`__index__`; a class with none of them does not type."""
from numba import float32, int64, njit
from numba.experimental import jitclass


@jitclass
class WithComplex:
    v: int64

    def __init__(self, v):
        self.v = v

    def __complex__(self):
        return complex(self.v, 1)


@jitclass
class WithFloat:
    v: float32

    def __init__(self, v):
        self.v = v

    def __float__(self):
        return self.v


@jitclass
class WithIndex:
    v: int64

    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


@jitclass
class Plain:
    v: int64

    def __init__(self, v):
        self.v = v


@njit("complex128(int64)")
def via_complex(a):
    return complex(WithComplex(a))


@njit
def via_complex_imag(a):
    return complex(WithComplex(a), 5)


@njit
def via_float(x):
    return complex(WithFloat(x))


@njit("complex128(int64)")
def via_index(a):
    return complex(WithIndex(a))


@njit("complex128(int64)")
def plain(a):
    return complex(Plain(a))


CALLS = [
    ("via_complex", (4,)),
    ("via_complex_imag", (-2,)),
    ("via_float", (1.25,)),
    ("via_index", (7,)),
]
