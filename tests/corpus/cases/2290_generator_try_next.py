"""Generators with yield inside try (an exception raised after resuming is caught by the same handler), and next() of a generator of arrays and of an array iterator."""
import numpy as np
from numba import njit


@njit
def gen_try(n):
    for i in range(n):
        try:
            yield i
        except Exception:
            pass


@njit
def use_try(n):
    s = 0
    for v in gen_try(n):
        s += v
    return s


@njit
def gen_raising(xs):
    for x in xs:
        try:
            yield 10 // x
            if x > 5:
                raise ValueError("big")
        except Exception:
            yield -1


@njit
def use_raising(xs):
    out = []
    for v in gen_raising(xs):
        out.append(v)
    return out


@njit
def gen_finally_like(n):
    total = 0
    for i in range(n):
        try:
            total += i
            yield total
        except ZeroDivisionError:
            yield -99
    yield total * 100


@njit
def use_finally_like(n):
    return [v for v in gen_finally_like(n)]


@njit
def rows(a):
    it = iter(a)
    first = next(it)
    second = next(it)
    return first.sum() + second[0]


@njit
def gen_arrays(n):
    for i in range(n):
        yield np.ones(i)


@njit
def next_past_end(n):
    g = gen_arrays(n)
    s = 0.0
    for k in range(n + 1):
        s += next(g).sum()
    return s


CALLS = [
    ("use_try", (4,)),
    ("use_raising", ([1, 0, 7, 2],)),
    ("use_finally_like", (3,)),
    ("rows", (np.arange(6.0).reshape(3, 2),)),
    ("next_past_end", (2,)),
]
