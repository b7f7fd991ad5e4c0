from numba import njit


@njit("(int64,)")
def swap(n):
    a, b = n, n * 2.0
    a2, b2 = b, a
    t = (a2, b2)
    (x, y), z = (1, 2.0), 3
    return t, x, y, z


@njit("(int64,)")
def unpack_count(n):
    a, b = (1, 2, 3)
    return a


@njit("(UniTuple(float64, 2),)")
def tuple_setitem(t):
    t[0] = 1.0
    return t


@njit("(UniTuple(int64, 2), UniTuple(float64, 2))")
def cmp_mixed(a, b):
    return a < b, a == b, a + b
