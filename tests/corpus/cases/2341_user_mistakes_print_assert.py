from numba import njit


@njit("(int64,)")
def assert_msg(n):
    assert n > 0, "must be positive"
    return n


@njit("(int64,)")
def print_sep(n):
    print(n, n, sep=',')
    return n


@njit("(int64,)")
def print_end(n):
    print(n, end='')
    return n


@njit("(int64,)")
def call_input(n):
    s = input()
    return n


@njit("(float64,)")
def assert_nonconst_msg(x):
    assert x > 0, x
    return x


@njit("(int64,)")
def print_fstring(n):
    print(f"n={n}")
    return n
