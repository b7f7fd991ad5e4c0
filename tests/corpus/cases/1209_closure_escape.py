from numba import njit


@njit("(int64,)")
def unused_capture(n):
    def g(x):
        return x + n
    return n


@njit("(int64,)")
def const_capture_escape(n):
    k = 3

    def g(x):
        return x + k
    return g(n)


@njit("(int64,)")
def lambda_escape(n):
    f = lambda x: x + n
    return f
