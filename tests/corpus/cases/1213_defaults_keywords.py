from numba import njit


@njit
def scaled(x, factor=2, offset=0.5):
    return x * factor + offset


@njit("(int64,)")
def use_defaults(n):
    a = scaled(n)
    b = scaled(n, 3)
    c = scaled(n, offset=1)
    d = scaled(x=n, factor=4, offset=2)
    return a, b, c, d
