# One plain function compiled twice by calls: `fast = njit(f)` (lazily) and
# `fast32 = njit("float32(float32)")(f)` (eagerly) are two dispatchers; f stays a Python function.
from numba import njit


def f(x):
    return x + 1


fast = njit(f)
fast32 = njit("float32(float32)")(f)


@njit
def use(x):
    return fast(x) + fast32(x)


CALLS = [("fast", (3,)), ("fast32", (3.5,)), ("fast", (2.5,)), ("use", (1.5,)), ("f", (1,)), ("fast", (2**40,)), ("fast32", (2**40,))]
