"""Exceptions Python would re-raise (one escaping a `try/finally` or the `else` clause of one,
one raised in an `except` block): Numba runs the `finally` body and then the bytecode's
RERAISE, which it lowers as an internal AssertionError."""
import numpy as np
from numba import njit


@njit
def may_fail(x):
    if x < 0:
        raise ValueError("neg")
    return x


@njit
def try_raise_new(x):
    try:
        return may_fail(x)
    except Exception:
        raise KeyError("converted")


@njit
def try_finally(x):
    r = 0
    try:
        r = may_fail(x)
    finally:
        r += 1
    return r


@njit
def try_finally_direct(x):
    r = 0
    try:
        if x < 0:
            raise ValueError("neg")
        r = x
    finally:
        r += 1
    return r


@njit
def try_finally_writes(x, out):
    try:
        out[0] = may_fail(x)
    finally:
        out[1] = 7.0
    return out


@njit
def caught_then_finally(x):
    r = 0
    try:
        r = may_fail(x)
    except Exception:
        r = -5
    finally:
        r += 100
    return r


@njit
def handler_calls(x):
    try:
        return may_fail(x)
    except Exception:
        return may_fail(x + 10)


@njit
def else_finally(x):
    r = 0
    try:
        r = 1
    except Exception:
        r = 2
    else:
        r = may_fail(x)
    finally:
        r += 10
    return r


@njit
def else_no_finally(x):
    r = 0
    try:
        r = 1
    except Exception:
        r = 2
    else:
        r = may_fail(x)
    return r


CALLS = [
    ("try_raise_new", (-1,)),
    ("try_raise_new", (1,)),
    ("try_finally", (-3,)),
    ("try_finally", (3,)),
    ("try_finally_direct", (-3,)),
    ("try_finally_direct", (3,)),
    ("try_finally_writes", (-1, np.zeros(2))),
    ("try_finally_writes", (2, np.zeros(2))),
    ("caught_then_finally", (-1,)),
    ("caught_then_finally", (2,)),
    ("handler_calls", (-3,)),
    ("handler_calls", (-30,)),
    ("else_finally", (-1,)),
    ("else_finally", (3,)),
    ("else_no_finally", (-1,)),
    ("else_no_finally", (3,)),
]
