"""`nonlocal` writes of inner functions Numba inlines: a constant written once reaches the
enclosing function; a nonlocal the inner function assigns twice (also in a branch) is
Numba's UnsupportedError at the call."""
from numba import njit


@njit
def write_constant():
    x = 0

    def bar():
        nonlocal x
        x = 1

    bar()
    return x


@njit
def write_flag(n):
    seen = False

    def mark():
        nonlocal seen
        seen = True

    if n > 0:
        mark()
    return seen


@njit("int64()")
def write_twice():
    x = 0

    def bar():
        nonlocal x
        x = 1
        x = 2

    bar()
    return x


@njit("int64(boolean)")
def write_in_branch(cond):
    x = 0

    def bar():
        nonlocal x
        x = 1
        if cond:
            x = 2

    bar()
    return x


CALLS = [
    ("write_constant", ()),
    ("write_flag", (3,)),
    ("write_flag", (0,)),
]
