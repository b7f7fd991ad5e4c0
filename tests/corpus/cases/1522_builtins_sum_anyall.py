import numpy as np
from numba import njit


@njit("(List(float64, reflected=True), float64[:])")
def reductions(xs, a):
    s1 = sum(xs)
    s2 = sum(xs, 10)
    s3 = sum(a)
    s4 = sum((1, 2.5))
    s5 = sum(range(4))
    s6 = sum([i for i in range(3)])
    return s1, s2, s3, s4, s5, s6


@njit("(List(float64, reflected=True),)")
def any_all(xs):
    return any([x > 0 for x in xs]), all(xs)


@njit("(List(unicode_type, reflected=True),)")
def sum_strings(xs):
    return sum(xs, "")


CALLS = [("reductions", ([1.0, 2.0], np.ones(2)))]
