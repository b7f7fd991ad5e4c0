# An inner function reads the enclosing variables it captures where it is called (Numba inlines
# the call before its SSA pass): after a loop or branch that reassigns them, the joined value.
import numpy as np
from numba import njit


@njit("int64(int64)")
def after_loop(n):  # Numba 30 for n=4 (i == 3); numrs -10 (i == -1)
    i = -1
    for i in range(n):
        pass
    def f():
        return i * 10
    return f()


@njit("int64(int64)")
def after_loop_assign(n):
    k = 0
    for j in range(n):
        k = j + 100
    def f():
        return k
    return f()


@njit("int64(int64)")
def after_if(n):
    k = 0
    if n > 2:
        k = 7
    def f():
        return k
    return f()


@njit("int64(int64)")
def after_while(n):
    k = 0
    while k < n:
        k += 1
    def f(x):
        return k + x
    return f(0)


@njit("int64(int64)")
def plain_after_loop(n):
    i = -1
    for i in range(n):
        pass
    return i * 10


@njit("int64(int64, boolean)")
def branch_only(n, flag):  # m defined only in the branches; numrs returns 1 for flag=False (Numba 16)
    if flag:
        m = n * 2
    else:
        m = n * 3
    def f(x):
        return x + m
    return f(1)


@njit("float64(float64[:], boolean)")
def branch_only_array(a, flag):
    if flag:
        b = a[:1]
    else:
        b = a[1:]
    def f():
        return b.sum()
    return f()


@njit
def in_loop(n):
    acc = 0
    k = 1
    def f():
        return k * 2
    for i in range(n):
        acc += f()
        k = i + 5
    return acc


@njit
def while_branch(n):
    s = 0.0
    x = 0.5
    def g(y):
        return x + y
    while n > 0:
        if n % 2 == 0:
            x = 1.5
        else:
            x = -1.0
        s += g(n)
        n -= 1
    return s


CALLS = [
    ("after_loop", (4,)),
    ("after_loop", (0,)),
    ("after_loop_assign", (4,)),
    ("after_if", (4,)),
    ("after_if", (1,)),
    ("after_while", (5,)),
    ("plain_after_loop", (4,)),
    ("branch_only", (5, True)),
    ("branch_only", (5, False)),
    ("branch_only_array", (np.arange(4.0), True)),
    ("branch_only_array", (np.arange(4.0), False)),
    ("in_loop", (0,)),
    ("in_loop", (4,)),
    ("while_branch", (5,)),
]
