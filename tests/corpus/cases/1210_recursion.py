from numba import njit


@njit("int64(int64)")
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@njit("(int64,)")
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
