# Jit functions passed as arguments to other jit functions: the callee is specialized for the
# function it receives and calls it directly, also through a second level.
from numba import njit


@njit
def square(x):
    return x * x


@njit
def halve(x):
    return x / 2


@njit
def apply(f, x):
    return f(x)


@njit
def apply_both(f, g, x):
    return apply(f, x) + apply(g, x)


@njit("(float64,)")
def driver(x):
    return apply(square, x), apply(halve, x), apply_both(square, halve, x)


CALLS = [("driver", (3.0,)), ("driver", (-0.5,))]
