from numba import njit


@njit
def total(*args):
    s = 0
    for a in args:
        s += a
    return s


@njit("(int64, float64)")
def call_star(a, b):
    return total(a, b, 1)


@njit("(UniTuple(int64, 2),)")
def call_splat(t):
    return total(*t)
