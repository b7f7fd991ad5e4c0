from numba import njit

DEBUG = False
MODE = 2


@njit("(int64,)")
def debug_off(n):
    if DEBUG:
        x = "debug"
    else:
        x = n
    return x


@njit("(int64,)")
def mode_cmp(n):
    if MODE == 2:
        return n
    return "other"


@njit("(int64,)")
def local_const(n):
    k = 4
    if k > 3:
        y = n * 2
    else:
        y = 1.5
    return y
