# First-class functions that return literals: an integer literal return is the integer type
# (a FunctionType of int64), a string literal return stays Literal[str], which does not match
# the FunctionType's unicode_type: Numba's "mismatch of return type".
from numba import njit


@njit
def one(x):
    return 1


@njit
def two(x):
    return 2


@njit("(int64,)")
def pick(n):
    f = one if n > 0 else two
    return f(n)


@njit("(int64,)")
def lit_str(n):
    def a(x):
        return "a"

    def b(x):
        return "b"
    g = a if n > 0 else b
    return g(n)


CALLS = [("pick", (1,)), ("pick", (-1,))]
