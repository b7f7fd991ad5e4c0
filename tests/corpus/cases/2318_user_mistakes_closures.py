from numba import njit


@njit("(int64,)")
def closure_captures_list(n):
    l = [1, 2, 3]

    def inner(i):
        return l[i] + n
    return inner(0)


@njit("(int64,)")
def closure_returned(n):
    def inner(i):
        return i + n
    return inner


@njit
def apply(f, x):
    return f(x)


@njit("(int64,)")
def lambda_passed(n):
    return apply(lambda x: x + 1, n)


@njit("(int64,)")
def lambda_in_list(n):
    fs = [lambda x: x + 1, lambda x: x + 2]
    return fs[0](n)


@njit("(int64,)")
def closure_mutates(n):
    acc = 0

    def inner():
        nonlocal acc
        acc += n
    inner()
    return acc


@njit("(int64,)")
def closure_recursive(n):
    def fact(k):
        if k <= 1:
            return 1
        return k * fact(k - 1)
    return fact(n)


@njit("(int64,)")
def lambda_in_tuple(n):
    fs = (lambda x: x + 1, lambda x: x * 2)
    return fs[1](n)
