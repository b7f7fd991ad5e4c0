import numpy as np
from numba import njit


@njit
def helper(v):
    return v * 10


@njit
def two_typings(x, y):
    def scale(v):
        return v * y
    return scale(x), scale(1), scale(2.5)


@njit
def with_default(x):
    def shift(v, by=3, k=0.5):
        return v + by + k
    return shift(x), shift(x, 1, 2.0)


@njit
def lambdas(a):
    sq = lambda v: v * v
    total = 0.0
    for i in range(a.shape[0]):
        total += sq(a[i])
    return total


@njit
def calls_jit(n):
    def via(v):
        return helper(v) + n
    return via(n)


@njit
def raises_inside(x):
    def check(v):
        if v < 0:
            raise ValueError("negative")
        return v
    return check(x) + 1


@njit
def writes_array(a):
    def bump(i):
        a[i] += 1.0
    for i in range(a.shape[0]):
        bump(i)
    return a


@njit
def nested(x):
    def outer_fn(v):
        def inner_fn(w):
            return w + x
        return inner_fn(v) * 2
    return outer_fn(x)


CALLS = [
    ("two_typings", (3, 2.0)),
    ("with_default", (1.0,)),
    ("lambdas", (np.arange(4.0),)),
    ("calls_jit", (3,)),
    ("raises_inside", (4,)),
    ("raises_inside", (-4,)),
    ("writes_array", (np.zeros(3),)),
    ("nested", (5,)),
]
