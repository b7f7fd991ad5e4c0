# A recursive call of a function compiled for an explicit signature: Numba types the call from
# the function's own non-recursive return paths (partial typing), not from the declared
# return type, so a function whose every path recurses is "runaway recursion" even with one.
from numba import njit


@njit("float64(float64)")
def recursive_no_base(x):
    return recursive_no_base(x - 1) + 1


@njit("float64(int64)")
def fib_declared_float(n):
    if n < 2:
        return n
    r = fib_declared_float(n - 1) + fib_declared_float(n - 2)
    return r


@njit("int64(int64)")
def countdown(n):
    if n <= 0:
        return 0
    return countdown(n - 1) + 1


@njit(["float64(float64)", "int64(int64)"])
def two_signatures(x):
    if x < 1:
        return x
    y = two_signatures(x - 1) * 2
    return y


CALLS = [
    ("fib_declared_float", (10,)),
    ("countdown", (5,)),
    ("two_signatures", (3,)),
    ("two_signatures", (2.5,)),
]
