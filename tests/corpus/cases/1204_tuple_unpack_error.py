from numba import njit


@njit("(UniTuple(int64, 3),)")
def too_many(t):
    a, b = t
    return a + b


@njit("(int64,)")
def index_tuple(n):
    t = (1, 2.0, "x")
    return t[1]
