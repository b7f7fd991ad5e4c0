"""prange reductions updated more than once per iteration: a first update whose value also
reaches a phi stays a reduction; updates chained only through each other are not; different
in-place operators conflict."""
from numba import njit, prange
@njit(parallel=True)
def f2(n):
    c = 0
    for i in prange(n):
        c += 1
        if i > 3:
            c += 1
        else:
            c += 2
    return c
@njit(parallel=True)
def f3(n):
    c = 0
    for i in prange(n):
        if i > 2:
            c += 1
        c += 1
        if i > 5:
            c += 3
    return c
@njit(parallel=True)
def f4(n):
    c = 0.0
    for i in prange(n):
        c += 1
        if i > 3:
            c *= 2
    return c
@njit(parallel=True)
def f5(n):
    c = 0
    for i in prange(n):
        c += 1
        if i > 3:
            c += 1
        c += 5
    return c
@njit(parallel=True)
def f(n):
    c = 0
    for i in prange(n):
        c += 1
        if i > 10:
            c += 1
    return c
@njit(parallel=True)
def h(n):
    c = 0
    for i in prange(n):
        c += 1
        c += 2
    return c
CALLS = [("f2", (10,)), ("f3", (10,)), ("f4", (10,)), ("f5", (10,)), ("f", (20,)), ("f", (0,)), ("h", (4,))]
