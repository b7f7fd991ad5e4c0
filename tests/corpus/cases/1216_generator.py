from numba import njit


@njit("(int64,)")
def gen(n):
    for i in range(n):
        yield i * 2


@njit("(int64,)")
def gen_mixed(n):
    yield n
    yield 1.5
