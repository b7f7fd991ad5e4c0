from numba import njit

SCALE = 3
NAME = "abc"
RATE = 0.25
FLAG = True


@njit("(int64,)")
def use_globals(n):
    a = n * SCALE
    b = NAME
    c = RATE * n
    return a, b, c


@njit("(int64,)")
def flag_branch(n):
    if FLAG:
        r = n
    else:
        r = "off"
    return r
