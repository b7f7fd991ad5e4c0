# Expressions of constants CPython's compiler folds before Numba sees the bytecode: string and
# tuple concatenation and repetition, indexing a constant, `not`/`~`/`-` and arithmetic of
# booleans, negative integer powers, and shifts past int64 (Numba's "Int value is too large").
from numba import njit

BIG = 2 ** 70


@njit("(int64,)")
def fold_strings(n):
    a = "a" + "b"
    b = "a" * 3
    c = "abc"[1]
    d = "ab" * 0
    return a, b, c, d


@njit("(int64,)")
def fold_bools(n):
    a = True + True
    b = False - 1
    c = not 0
    d = -True
    e = True & False
    f = ~True
    return a, b, c, d, e, f


@njit("(int64,)")
def fold_negative_power(n):
    c = 2 ** -1
    return c + n


@njit("(int64,)")
def fold_tuples(n):
    t = (1, 2) * 2
    u = (1, 2) + (3.0,)
    s = 0
    for x in (1, 2) * 3:
        s += x
    return t, u, s + n


@njit("(int64,)")
def big_shift(n):
    return 1 << 70


@njit("(int64,)")
def big_global(n):
    return BIG


CALLS = [
    ("fold_strings", (1,)),
    ("fold_bools", (1,)),
    ("fold_negative_power", (1,)),
    ("fold_tuples", (1,)),
    ("big_shift", (1,)),
    ("big_global", (1,)),
]
