from numba import njit


@njit("(int64,)")
def promote(n):
    s = 0
    for i in range(n):
        s += i / 2
    return s


@njit("(int32,)")
def int32_loop(n):
    s = 0
    for i in range(n):
        s += n
    return s


@njit("(uint64, int64)")
def mixed_sign(a, b):
    return a + b
