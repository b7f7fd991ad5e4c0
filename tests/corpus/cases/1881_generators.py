# Generators driven from compiled code: several yields, yields in nested loops, array
# arguments, early `break` and resuming the same generator, list() of a generator, a
# generator passed to another jit function, generators calling jit functions, and an
# exception raised inside a generator.
import numpy as np
from numba import njit


@njit
def countdown(n):
    while n > 0:
        yield n
        n -= 1
    yield 0


@njit
def pairs(n):
    for i in range(n):
        for j in range(i):
            yield i * 10 + j


@njit
def scaled(a, k):
    for x in a:
        yield x * k
    yield -1.0


@njit
def square(x):
    return x * x


@njit
def squares(n):
    i = 0
    while True:
        if i >= n:
            return
        yield square(i)
        i += 1


@njit
def checked(n):
    for i in range(n):
        if i == 3:
            raise ValueError("three is not allowed")
        yield i


@njit("(int64,)")
def sum_countdown(n):
    t = 0
    for v in countdown(n):
        t = t * 3 + v
    return t


@njit("(int64,)")
def list_pairs(n):
    return list(pairs(n))


@njit("(float64[:], float64)")
def sum_scaled(a, k):
    s = 0.0
    for v in scaled(a, k):
        s += v
    return s


@njit("(int64, int64)")
def resume_after_break(n, stop):
    g = countdown(n)
    first = 0
    for v in g:
        first += v
        if v == stop:
            break
    rest = 0
    for v in g:
        rest = rest * 7 + v
    return first, rest


@njit
def drain(g):
    t = 0
    for v in g:
        t += v
    return t


@njit("(int64,)")
def pass_generator(n):
    return drain(squares(n))


@njit("(int64,)")
def raise_in_generator(n):
    t = 0
    for v in checked(n):
        t += v
    return t


@njit("(int64,)")
def catch_from_generator(n):
    t = 0
    try:
        for v in checked(n):
            t += v
        t += 100
    except Exception:
        t = -t
    return t


CALLS = [
    ("sum_countdown", (5,)),
    ("sum_countdown", (0,)),
    ("list_pairs", (4,)),
    ("list_pairs", (0,)),
    ("sum_scaled", (np.array([1.0, 2.5, 4.0]), 2.0)),
    ("resume_after_break", (6, 4)),
    ("resume_after_break", (3, 10)),
    ("pass_generator", (5,)),
    ("raise_in_generator", (3,)),
    ("raise_in_generator", (5,)),
    ("catch_from_generator", (5,)),
]
