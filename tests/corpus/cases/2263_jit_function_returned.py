# A jit function passed in and returned (Numba returns the dispatcher object itself), also in a
# tuple with other values, and after calling it.
from numba import njit


@njit
def sq(x):
    return x * x


@njit
def ident(f):
    return f


@njit
def call_and_return(f, x):
    return f(x), f


@njit
def pick(f, g, first):
    if first:
        return f
    return f


CALLS = [
    ("sq", (2,)),
    ("ident", (sq,)),
    ("call_and_return", (sq, 3)),
    ("pick", (sq, sq, True)),
]
