from numba import njit


@njit("(int64, int64, int64)")
def between(a, b, c):
    return a < b < c


@njit("(float64,)")
def in_range(x):
    r = 0.0 <= x < 1.0
    return r


@njit("(int64, float64)")
def chain3(a, b):
    return a < b <= 10 != a
