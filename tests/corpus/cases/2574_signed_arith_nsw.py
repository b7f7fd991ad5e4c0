# Signed integer +, - and * carry LLVM's nsw flag (no signed wrap), as Numba's do: at the overflow
# boundary LLVM folds the arithmetic the way Numba's code is folded (n + 2**63 is n | INT64_MIN).
from numba import njit

@njit
def add_int_min(n):
    return n + 2 ** 63

@njit
def inc_gt(x):
    return x + 1 > x

@njit
def dec_lt(x):
    return x - 1 < x

@njit
def mul_div(x):
    return (x * 2) // 2 == x

@njit
def neg_eq(x):
    return -x == x

@njit
def add_cmp_const(x):
    return x + 10 < 5

CALLS = [
    ("add_int_min", (-1,)),
    ("add_int_min", (1,)),
    ("add_int_min", (-5,)),
    ("inc_gt", (9223372036854775807,)),
    ("dec_lt", (-9223372036854775808,)),
    ("mul_div", (2 ** 62,)),
    ("neg_eq", (-9223372036854775808,)),
    ("add_cmp_const", (9223372036854775800,)),
]
