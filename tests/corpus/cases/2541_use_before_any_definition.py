"""A variable read on a path where it was never set: Numba's SSA gives the read the version of
the first definition in bytecode order (its type), and the value is zero. A variable read
before any assignment in bytecode order is Numba's NotDefinedError."""
from numba import njit


@njit("(int64,)")
def inc_unset(n):
    if n:
        if n > 0:
            c = 0
        return c
    else:
        c += 1
        return c


@njit("(int64,)")
def float_unset(n):
    if n > 0:
        x = 1.5
    else:
        x = x * 2.0 + 1.0
    return x


@njit
def loop_last(n):
    for i in range(n):
        last = i
    return last


@njit
def set_late(n):
    total = 0
    for i in range(n):
        if i > 2:
            acc = acc + i
        else:
            acc = i
        total += acc
    return total


@njit("(int64,)")
def read_first(n):
    if n > 0:
        y = y + 1
    y = 3
    return y


@njit("(int64,)")
def while_read_first(n):
    while k < n:
        k = n
    return n


@njit("(int64,)")
def ternary_ok(n):
    z = 1 if n > 0 else 2
    return z + n


CALLS = [
    ("inc_unset", (1,)),
    ("inc_unset", (0,)),
    ("inc_unset", (-1,)),
    ("float_unset", (1,)),
    ("float_unset", (0,)),
    ("loop_last", (3,)),
    ("loop_last", (0,)),
    ("set_late", (6,)),
    ("set_late", (0,)),
    ("read_first", (1,)),
    ("while_read_first", (1,)),
    ("ternary_ok", (-1,)),
]
