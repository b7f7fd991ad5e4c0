from numba import njit

LIMIT = 10


@njit("(int64,)")
def global_cmp_var(n):
    if LIMIT > 5:
        r = n
    else:
        r = "small"
    return r


@njit("(int64,)")
def str_const_eq(n):
    mode = "fast"
    if mode == "slow":
        return "slow"
    return n


@njit("(int64, none)")
def none_not_none(a, b):
    if b is not None:
        return "has"
    return a


@njit("(int64, int64)")
def int_is_none(a, b):
    if b is None:
        return a
    return b
