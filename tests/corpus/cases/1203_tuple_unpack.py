from numba import njit


@njit("(int64, float64)")
def swap(a, b):
    a, b = b, a
    return a, b


@njit("(int64,)")
def nested_unpack(n):
    (x, y), z = (n, 2.5), True
    return x + y + z


@njit("(UniTuple(int64, 3),)")
def unpack_arg(t):
    a, b, c = t
    return a * b - c
