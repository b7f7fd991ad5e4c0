# Calls whose result Numba types as a literal (a jit function returning a constant is called as
# `Literal[int](0)`, `Literal[bool](True)`, `Literal[str](ok)`; `s.pop()` of `{5}` is
# `Literal[int](5)`) still run: the callee may raise (caught or not), change its arguments or
# a jitclass's fields, recurse; so does a first-class function or an inner function.
import numpy as np
from numba import njit, int64
from numba.experimental import jitclass


class SubError(ValueError):
    pass


@njit
def check_pos(x):
    if x > 0:
        raise ValueError("positive")
    return 1


@njit
def raise_sub(x):
    if x:
        raise SubError("sub")
    return 1


@njit
def push(l, v):
    l.append(v)
    return 0


@njit
def push_true(l, v):
    l.append(v)
    return True


@njit
def push_str(l, v):
    l.append(v)
    return "ok"


@njit
def fill(a, v):
    a[:] = v
    return 0


@njit
def countdown(a, i):
    if i < 0:
        return 0
    a[i] = i * 10
    return countdown(a, i - 1)


@njit
def caller_raise(x):
    return check_pos(x) + 1


@njit
def caller_try(x):
    try:
        r = check_pos(x)
    except Exception:
        r = 7
    return r


@njit
def catch_sub(x):
    try:
        raise_sub(x)
        r = 0
    except Exception:
        r = 1
    return r


@njit
def caller_mutate(n):
    l = [0]
    for i in range(n):
        push(l, i)
    return len(l)


@njit
def caller_mutate_bool(n):
    l = [0]
    for i in range(n):
        push_true(l, i)
    return len(l)


@njit
def caller_mutate_str(n):
    l = [0]
    for i in range(n):
        push_str(l, i)
    return len(l), l[-1]


@njit
def caller_fill(n):
    a = np.zeros(n)
    fill(a, 2.5)
    return a


@njit
def caller_recursive(n):
    a = np.zeros(n, dtype=np.int64)
    countdown(a, n - 1)
    return a


@njit
def inner_const(n):
    l = [0]

    def add(v):
        l.append(v)
        return 0

    for i in range(n):
        add(i)
    return len(l)


@njit
def apply_fn(f, l, n):
    for i in range(n):
        f(l, i)
    return len(l)


@njit
def first_class(n):
    return apply_fn(push, [0], n)


@jitclass([("count", int64)])
class Counter:
    def __init__(self):
        self.count = 0

    def bump(self):
        self.count += 1
        return 0


@njit
def jitclass_method(n):
    c = Counter()
    for i in range(n):
        c.bump()
    return c.count


@njit
def set_pop_one():
    s = {5}
    s.pop()
    return len(s), 5 in s


CALLS = [
    ("caller_raise", (1,)),
    ("caller_raise", (-1,)),
    ("caller_try", (1,)),
    ("caller_try", (0,)),
    ("catch_sub", (1,)),
    ("catch_sub", (0,)),
    ("caller_mutate", (3,)),
    ("caller_mutate_bool", (3,)),
    ("caller_mutate_str", (3,)),
    ("caller_fill", (3,)),
    ("caller_recursive", (4,)),
    ("inner_const", (3,)),
    ("first_class", (4,)),
    ("jitclass_method", (5,)),
    ("set_pop_one", ()),
]
