# Numba's exception edges: every block of a try body may enter the handler, so the handler (and
# the code after the try) reads a phi of the values the body gave a variable: a string assigned
# before the raise, a flag or counter the handler branches on (not the try's first value,
# whose literal type would prune the branch).
from numba import njit


@njit
def str_after(x):
    s = "a"
    try:
        s = "b"
        if x > 0:
            raise ValueError("x")
    except Exception:
        pass
    return s


@njit
def str_concat(x):
    s = "a"
    try:
        s = s + "b"
        if x > 0:
            raise ValueError("x")
    except Exception:
        return s
    return s + "!"


@njit
def b_bool(x):
    flag = False
    try:
        flag = True
        if x > 0:
            raise ValueError("x")
    except Exception:
        return 1 if flag else 0
    return -1


@njit
def b_int(x):
    k = 0
    try:
        k = 5
        if x > 0:
            raise ValueError("x")
    except Exception:
        if k > 2:
            return 1
        return 0
    return -1


@njit
def b_computed(x):
    k = 0
    try:
        k = x * 5
        if x > 0:
            raise ValueError("x")
    except Exception:
        if k > 2:
            return 1
        return 0
    return -1


CALLS = [
    ("str_after", (1,)),
    ("str_after", (0,)),
    ("str_concat", (1,)),
    ("str_concat", (0,)),
    ("b_bool", (1,)),
    ("b_bool", (0,)),
    ("b_int", (1,)),
    ("b_int", (0,)),
    ("b_computed", (1,)),
    ("b_computed", (-1,)),
]
