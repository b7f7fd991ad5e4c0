"""Python ints beyond a double's range passed where a float is expected: Numba's unboxing
TypeError; within range they convert; lazily compiled functions see ints too large for int64
and uint64 as a typing failure."""
from numba import njit

@njit("float64(float64)")
def g(x):
    return x

@njit("complex128(complex128)")
def c(x):
    return x

@njit
def h(x):
    return x

CALLS = [("g", (10**400,)), ("g", (-2**1024,)), ("g", (2**1023,)), ("c", (10**400,)),
         ("h", (10**400,)), ("h", (2**64,)), ("h", (2**100,)), ("h", (-2**64,))]
