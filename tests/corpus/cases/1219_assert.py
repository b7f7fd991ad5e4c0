from numba import njit


@njit("(int64,)")
def asserted(n):
    assert n > 0, "n must be positive"
    return n - 1


@njit("(float64,)")
def assert_plain(x):
    assert x
    return x
