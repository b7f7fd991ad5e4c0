"""A `finally` body runs when the `try` (or an `except` block) is left by `break`, `continue`
or `return` (the returned value computed before it); an exception an inner function raises
inside `try` is not caught there (Numba inlines the call outside the `try` region)."""
import numpy as np
from numba import njit

@njit
def fin_break(n):
    s = 0
    for i in range(n):
        try:
            if i == 2:
                break
            s += i
        finally:
            s += 10
    return s

@njit
def fin_continue(n):
    s = 0
    for i in range(n):
        try:
            if i % 2 == 0:
                continue
            s += i
        finally:
            s += 100
    return s

@njit
def fin_while_break(n):
    s = 0
    i = 0
    while True:
        try:
            if i >= n:
                break
            s += 1
        finally:
            s += 1000
        i += 1
    return s

@njit
def fin_return_mutation(a):
    try:
        return a[0]
    finally:
        a[1] = 99.0

@njit
def run_fin_return(a):
    v = fin_return_mutation(a)
    return v, a[1]

@njit
def closure_in_try(x):
    def f(v):
        if v > 2:
            raise KeyError("c")
        return v
    try:
        return f(x)
    except Exception:
        return -1


CALLS = [("fin_break", (5,)), ("fin_continue", (4,)), ("fin_while_break", (2,)),
         ("run_fin_return", (np.array([1.0, 2.0]),)),
         ("closure_in_try", (5,)), ("closure_in_try", (1,))]
