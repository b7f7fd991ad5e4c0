# An inner function calling another inner function of the same enclosing function (Numba
# inlines both): numrs typed the sibling as an unknown inner function.
import numpy as np
from numba import njit


@njit
def compose_inner(x):
    def inc(y):
        return y + 1

    def twice(y):
        return inc(inc(y))
    return twice(x)


@njit
def inner_uses_closure_fn(a, k):
    def scale(y):
        return y * k

    def f(y):
        return scale(y) + 1.0
    s = 0.0
    for v in a:
        s += f(v)
    return s


@njit
def chain(n):
    def a(x):
        return x * 2

    def b(x):
        return a(x) + 1

    def c(x):
        return b(a(x)) - n
    return c(n), b(n), a(n)


@njit("(int64,)")
def eager_chain(n):
    def sq(x):
        return x * x

    def sum_sq(m):
        t = 0
        for i in range(m):
            t += sq(i)
        return t
    return sum_sq(n)


CALLS = [
    ("compose_inner", (5,)),
    ("inner_uses_closure_fn", (np.array([1.0, 2.0]), 2.0)),
    ("chain", (3,)),
    ("eager_chain", (4,)),
]
