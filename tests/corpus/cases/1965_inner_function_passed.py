# An inner function passed to another jit function escapes: Numba inlines only its direct
# calls and compiles it as a jit function of its own (MakeFunctionToJitFunction), whose free
# variables must be constants assigned once.
import numpy as np
from numba import njit


@njit
def apply(g, x):
    return g(x)


@njit
def apply_twice(g, x):
    return apply(g, apply(g, x))


@njit
def helper(x):
    return x - 1


@njit("(int64,)")
def passed(n):
    def f(x):
        return x * 3
    return apply(f, n)


@njit("(int64,)")
def captured_constant(n):
    k = 5
    def f(x):
        return x * k
    return apply(f, n)


@njit("(float64,)")
def captured_float(y):
    c = 2.5
    def f(x):
        return x * c
    return apply(f, y)


@njit("(int64,)")
def passed_on(n):
    def f(x):
        return helper(x) * 2
    return apply_twice(f, n)


@njit("(int64,)")
def called_and_passed(n):
    def f(x):
        return x + 1
    return f(n) + apply(f, n)


@njit("(float64[:],)")
def array_argument(a):
    def total(v):
        return v.sum() + np.float64(len(v))
    return apply(total, a)


@njit("(int64,)")
def bad_body(n):
    def f(x):
        return x + "a"
    return apply(f, n)


@njit("(int64,)")
def argument_captured(n):
    def f(x):
        return x * n
    return apply(f, n)


@njit("(int64,)")
def assigned_twice(n):
    k = 1
    k = 2
    def f(x):
        return x * k
    return apply(f, n)



@njit("(int64,)")
def in_a_tuple(n):
    def f(x):
        return x + 1
    t = (f, n)
    return t[0](t[1])


CALLS = [
    ("passed", (4,)),
    ("captured_constant", (3,)),
    ("captured_float", (2.0,)),
    ("passed_on", (10,)),
    ("called_and_passed", (1,)),
    ("array_argument", (np.arange(4.0),)),
    ("in_a_tuple", (4,)),
]
