from numba import njit


@njit
def squares(n):
    for i in range(n):
        yield i * i


@njit("(int64,)")
def consume(n):
    s = 0
    for v in squares(n):
        s += v
    return s
