from numba import njit


@njit
def pick(a, b=None):
    if b is None:
        return a
    return a + b


@njit("(int64,)")
def call_pick(n):
    return pick(n), pick(n, 2.5)


@njit("(int64, none)")
def none_arg(a, b):
    if b is None:
        x = a
    else:
        x = "never"
    return x
