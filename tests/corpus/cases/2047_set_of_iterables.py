# set() of a generator or a range, as Numba builds it from any iterable.
from numba import njit


@njit
def fib_gen(limit):
    a, b = 0, 1
    while a < limit:
        yield a
        a, b = b, a + b


@njit
def fib_set(n):
    return set(fib_gen(n))


@njit
def range_sets(n):
    return set(range(n)), set(range(3, n, 2)), len(set(range(0)))


CALLS = [("fib_set", (20,)), ("range_sets", (7,))]
