# f-string conversions (`!r`, `!s`, `!a`, and `{x=}`, which is `!r`): Numba reads them as a
# format spec and refuses them (UnsupportedBytecodeError); numrs accepted them and ignored the
# conversion (a float printed as '<object type:float64>').
from numba import njit


@njit
def conv_r(s):
    return f"{s!r}"


@njit
def conv_debug(x):
    return f"{x=}"


@njit("unicode_type(unicode_type)")
def eager_s(s):
    return f"<{s!s}>"


@njit("unicode_type(int64)")
def eager_plain(n):
    return f"n is {n} and {n + 1}"


CALLS = [
    ("conv_r", ("abc",)),
    ("conv_r", (1.5,)),
    ("conv_debug", (7,)),
    ("eager_plain", (3,)),
]
