# An inner function called through map() is not inlined (Numba makes a jit function of it): what it
# raises is caught by an enclosing try, unlike a direct call's.
from numba import njit


@njit
def closure4(x):
    # from test_try_except.test_closure4
    def bar(z):
        if z < 0:
            raise ValueError("exception")
        return z
    try:
        return [x for x in map(bar, [1, 2, 3, x])]
    except:  # noqa: E722
        return [-1]


@njit
def map_loop_closure(x):
    # minimal: exception from a closure called via map() escapes the try
    def bar(z):
        if z < 0:
            raise ValueError("exception")
        return z
    try:
        s = 0
        for v in map(bar, [1, 2, x]):
            s += v
        return s
    except Exception:
        return -1


@njit
def bar_g(z):
    if z < 0:
        raise ValueError("exception")
    return z


@njit
def map_global_ok(x):
    # same with a module-level jit function: agrees
    try:
        s = 0
        for v in map(bar_g, [1, 2, x]):
            s += v
        return s
    except Exception:
        return -1


@njit
def direct_call_uncaught(x):
    def bar(z):
        if z < 0:
            raise ValueError("exception")
        return z
    try:
        return bar(x)
    except Exception:
        return -1


CALLS = [
    ("closure4", (-1,)),
    ("closure4", (4,)),
    ("map_loop_closure", (3,)),
    ("direct_call_uncaught", (-1,)),
    ("direct_call_uncaught", (2,)),
    ("map_loop_closure", (-1,)),
    ("map_global_ok", (-1,)),
]

