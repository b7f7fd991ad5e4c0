# Inner functions whose defaults name variables of the enclosing function (`def f(x, k=m)`,
# `k=n` of an argument), evaluated where the `def` is, and inner functions given string literals:
# Numba inlines the calls.
import numpy as np
from numba import njit


@njit("int64(int64)")
def default_from_local_const(n):
    m = 4
    def f(x, k=m):
        return x * k
    return f(n)


@njit("int64(int64)")
def default_from_local_const_given(n):
    m = 4
    def f(x, k=m):
        return x * k
    return f(n, 2)


@njit("int64(int64)")
def default_from_arg(n):
    def f(x, k=n):
        return x * k
    return f(3)


@njit
def lambda_default(a, scale):
    g = lambda x, s=scale: x * s
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = g(a[i])
    return out


@njit
def clo_strlit(s):
    def up(t):
        return t + "!"
    return up("x") + s


@njit
def clo_strlit_default(s):
    sep = "-"
    def join(a, b, j=sep):
        return a + j + b
    return join("x", s) + join(s, "y", "+")


@njit
def default_reassigned_after(x):
    m = 4
    def f(y, k=m):
        return y * k
    m = 100
    return f(x) + m


@njit
def lambda_default_reassigned(x):
    scale = 1.5
    g = lambda y, s=scale: y * s
    scale = 10.0
    return g(x) + scale


@njit
def defaults_in_loop(n):
    total = 0
    for i in range(n):
        h = lambda y, j=i: y + j
        total += h(10)
    return total


CALLS = [
    ("default_from_local_const", (3,)),
    ("default_from_local_const_given", (3,)),
    ("default_from_arg", (3,)),
    ("default_from_arg", (-2,)),
    ("lambda_default", (np.arange(4.0), 2.5)),
    ("lambda_default", (np.arange(3), 2)),
    ("clo_strlit", ("ab",)),
    ("clo_strlit_default", ("ab",)),
    ("default_reassigned_after", (3,)),
    ("lambda_default_reassigned", (2.0,)),
    ("defaults_in_loop", (4,)),
]
