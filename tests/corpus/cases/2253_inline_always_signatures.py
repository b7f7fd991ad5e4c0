# inline="always": Numba inlines the callee's IR into its jit callers before typing, so the
# callee's explicit signatures do not apply there (a float argument stays a float), while
# Python calls still go through them. A function inlining itself never ends.
from numba import njit


@njit("int64(int64)", inline="always")
def sig_inline(x):
    return x * 7


@njit
def use_sig_inline(x):
    return sig_inline(x) + 1


@njit("float64(float64)")
def eager_use(x):
    return sig_inline(x) / 2


@njit(["int32(int32)", "float32(float32)"], inline="always")
def two_sigs(x):
    return x + x


@njit
def use_two_sigs(x):
    y = two_sigs(x)
    return y, two_sigs(3)


@njit(inline="always")
def rec(n):
    if n <= 0:
        return 0
    return n + rec(n - 1)


@njit
def use_rec(n):
    return rec(n)


CALLS = [
    ("use_sig_inline", (2,)),
    ("use_sig_inline", (2.5,)),
    ("use_sig_inline", (True,)),
    ("sig_inline", (2.5,)),
    ("eager_use", (1.5,)),
    ("use_two_sigs", (1.25,)),
    ("use_two_sigs", (7,)),
    ("two_sigs", (7,)),
    ("use_rec", (3,)),
    ("rec", (3,)),
]
