from numba import njit


@njit("(int64,)")
def literals(n):
    a = 1
    b = "s"
    c = True
    d = 2.5
    e = None
    return n


@njit("(int64,)")
def return_const(n):
    return 7
