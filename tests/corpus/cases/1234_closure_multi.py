from numba import njit


@njit("(int64,)")
def two_defs(n):
    if n > 0:
        def f(x):
            return x + 1
    else:
        def f(x):
            return x - 1
    return f(n)


@njit("(int64,)")
def closure_in_loop(n):
    k = 2
    s = 0

    def g(x):
        return x * k
    for i in range(n):
        s += g(i)
    return s
