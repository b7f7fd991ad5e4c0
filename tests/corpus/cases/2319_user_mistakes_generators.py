import numpy as np
from numba import njit


@njit
def gen(n):
    for i in range(n):
        yield i


@njit("(int64,)")
def return_generator(n):
    return gen(n)


@njit("(int64,)")
def sum_genexpr(n):
    return sum(x * x for x in range(n))


@njit("(int64,)")
def list_of_gen(n):
    return list(gen(n))


@njit("(float64[:],)")
def genexpr_max(a):
    return max(x for x in a)


@njit("(int64,)")
def gen_in_loop(n):
    s = 0
    for v in gen(n):
        s += v
    return s


@njit("(int64,)")
def next_gen(n):
    g = gen(n)
    return next(g)


@njit("(float64[:],)")
def np_array_genexpr(a):
    return np.array(x for x in a)
