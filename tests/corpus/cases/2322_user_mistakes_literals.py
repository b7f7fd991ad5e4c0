from numba import njit


@njit("(int64,)")
def pow_2_64(n):
    return n + 2**64


@njit("(int64,)")
def pow_2_63(n):
    return n + 2**63


@njit("(float64,)")
def div_lit_zero(x):
    return x + 1 / 0


@njit("(int64,)")
def floordiv_lit_zero(n):
    return n + 1 // 0


@njit("(int64,)")
def big_literal(n):
    x = 100000000000000000000
    return n + x


@njit("(int64,)")
def min_int(n):
    return n + (-2**63)


@njit("(int64,)")
def uint_max(n):
    x = 18446744073709551615
    return x


@njit("(int64,)")
def mod_lit_zero(n):
    return n % 0
