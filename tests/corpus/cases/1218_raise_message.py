from numba import njit


@njit("(int64,)")
def check_pos(n):
    if n < 0:
        raise ValueError("negative", n)
    return n


@njit("(float64,)")
def raise_class(x):
    if x != x:
        raise ZeroDivisionError
    return 1.0 / x
