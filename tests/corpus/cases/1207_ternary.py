from numba import njit


@njit("(int64,)")
def tern_same(n):
    return n if n > 0 else -n


@njit("(int64,)")
def tern_mixed(n):
    x = n if n > 0 else 0.5
    return x


@njit("(int64,)")
def tern_str_error(n):
    x = n if n > 0 else "neg"
    return x
