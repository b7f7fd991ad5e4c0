from numba import njit


@njit("(int64,)")
def maybe(n):
    r = None
    if n > 0:
        r = n
    return r


@njit("(int64,)")
def maybe_used(n):
    r = None
    if n > 0:
        r = n
    if r is None:
        return 0
    return r + 1
