# A conditional expression with a constant condition: CPython compiles only the branch taken,
# so the other never reaches Numba (unsupported syntax there is no error, and its type does
# not unify with the taken one's).
from numba import njit


@njit("(unicode_type,)")
def dead_fstring(s):
    return f"{s!r}" if False else s


@njit("(int64,)")
def only_taken(n):
    x = 1 if True else 2.5
    y = n if 0 else -n
    z = "a" if "" else n * 2.0
    return x, y, z


CALLS = [("dead_fstring", ("x",)), ("only_taken", (3,))]
