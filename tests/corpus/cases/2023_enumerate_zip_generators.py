# enumerate and zip over generators (a generator is its own iterator).
from numba import njit

@njit
def gen(n):
    for i in range(n):
        yield i * 2

@njit("int64(int64)")
def enum_gen(n):
    s = 0
    for i, x in enumerate(gen(n)):
        s += i * x
    return s

@njit("int64(int64)")
def zip_gen(n):
    s = 0
    for a, b in zip(gen(n), range(10)):
        s += a * b
    return s

CALLS = [("enum_gen", (5,)), ("enum_gen", (0,)), ("zip_gen", (4,)), ("zip_gen", (20,))]
