"""Falling off the end of a function declared to return int64 is Numba's "No conversion from
none to int64" at the line CPython 3.11 gives the implicit `return None`: the last statement
that falls into it, else the first condition that jumps to it (an `if` with no `else`, an
`elif`, a `while`), or the `pass` of an `else`."""
from numba import njit


@njit("int64(int64)")
def if_only(x):
    if x > 0:
        return x


@njit("int64(int64)")
def if_then_statements(x):
    y = x + 1
    if x > 0:
        y = 2
        return y


@njit("int64(int64)")
def body_falls_through(x):
    y = 1
    if x > 0:
        y = 2


@njit("int64(int64)")
def nested_ifs(x):
    if x > 0:
        if x > 5:
            return 1


@njit("int64(int64)")
def elif_chain(x):
    if x > 0:
        y = 2
        return y
    elif x < -3:
        return 5


@njit("int64(int64)")
def else_body(x):
    if x > 0:
        return 1
    else:
        y = 2


@njit("int64(int64)")
def else_pass(x):
    if x > 0:
        return x
    else:
        pass


@njit("int64(int64)")
def and_condition(x):
    if x > 0 and x < 9:
        return 1


@njit("int64(int64)")
def not_condition(x):
    y = x * 2
    if not y:
        return 1


@njit("int64(int64)")
def while_loop(x):
    while x > 0:
        x -= 1


@njit("int64(int64)")
def second_if(x):
    y = 0
    if x > 0:
        y = x
    if x > 1:
        return y


@njit("int64(int64)")
def for_loop(x):
    for i in range(x):
        if i > 3:
            return i
