from numba import njit


@njit
def inc(x):
    return x + 1


@njit
def dbl(x):
    return x * 2


@njit
def apply(f, x):
    return f(x)


@njit("(int64,)")
def use_apply(n):
    return apply(inc, n) + apply(dbl, n)
