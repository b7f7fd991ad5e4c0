import math
import statistics
from numba import njit


def plain_helper(x):
    return x * 2


@njit
def jit_helper(x):
    return x * 2


@njit("(float64,)")
def call_plain(x):
    return plain_helper(x)


@njit("(float64,)")
def call_jit(x):
    return jit_helper(x)


@njit("(float64[:],)")
def call_fsum(a):
    return math.fsum(a)


@njit("(int64,)")
def call_prod(n):
    return math.prod((1, 2, n))


@njit("(float64[:],)")
def call_statistics(a):
    return statistics.mean(a)


@njit("(float64,)")
def call_builtin_round(x):
    return round(x, 2)


@njit("(float64,)")
def call_plain_lambda(x):
    f = lambda y: plain_helper(y)
    return f(x)
