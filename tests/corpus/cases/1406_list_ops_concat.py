from numba import njit


@njit("(int64,)")
def concat(n):
    a = [1, 2, 3]
    b = [float(n)]
    c = a + a
    d = a * 2
    e = [0] * n
    a += [n]
    eq = a == c
    return c, d, e, a, eq, b


@njit("(int64,)")
def concat_bad(n):
    a = [1, 2]
    b = [1.0]
    return a + b


CALLS = [("concat", (2,))]
