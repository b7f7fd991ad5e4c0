# Functions that meet in one variable are first-class: Numba makes the inner functions jit
# functions, unifies the dispatchers as an undefined function type and, at the first call,
# gives the variable the FunctionType of the first function's signature (literals dropped).
from numba import njit


@njit
def inc(x):
    return x + 1


@njit
def dec(x):
    return x - 1


@njit("(int64,)")
def chosen_inner(n):
    def f(x):
        return x + 1

    def h(x):
        return x * 2
    g = f if n > 0 else h
    return g(n)


@njit("(int64,)")
def chosen_jit(n):
    if n > 0:
        g = inc
    else:
        g = dec
    return g(n) + g(3)


@njit("(float64,)")
def lambdas(x):
    g = (lambda v: v * 2.0) if x > 1.0 else (lambda v: v / 2.0)
    return g(x)


@njit("(int64,)")
def loop_choice(n):
    total = 0
    for i in range(n):
        if i % 2 == 0:
            op = inc
        else:
            op = dec
        total += op(i)
    return total


CALLS = [
    ("chosen_inner", (3,)),
    ("chosen_inner", (-3,)),
    ("chosen_jit", (5,)),
    ("chosen_jit", (-5,)),
    ("lambdas", (3.0,)),
    ("lambdas", (0.5,)),
    ("loop_choice", (5,)),
]
