from numba import njit


@njit
def forever(n):
    return forever(n + 1)


@njit("(int64,)")
def calls_forever(n):
    return forever(n)
