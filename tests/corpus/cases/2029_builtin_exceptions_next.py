# Every builtin exception class can be raised from compiled code (OSError, UserWarning,
# AttributeError, ...), and surfaces as that class; next() of a generator that yields a
# literal still steps it, so a finished one raises StopIteration.
from numba import njit


@njit("int64(int64)")
def raise_oserror(n):
    if n > 0:
        raise OSError("disk", n)
    return n


@njit("int64(int64)")
def raise_attribute_error(n):
    if n > 0:
        raise AttributeError("missing")
    return n


@njit("int64(int64)")
def raise_user_warning(n):
    if n > 0:
        raise UserWarning("careful")
    return n


@njit("int64(int64)")
def raise_file_not_found(n):
    if n > 0:
        raise FileNotFoundError
    return n


@njit
def yields_one(n):
    yield 1


@njit("int64(int64)")
def next_twice(n):
    g = yields_one(n)
    a = next(g)
    b = next(g)
    return a + b


@njit("int64(int64)")
def next_once(n):
    g = yields_one(n)
    return next(g) + n


CALLS = [
    ("raise_oserror", (1,)),
    ("raise_oserror", (0,)),
    ("raise_attribute_error", (2,)),
    ("raise_user_warning", (3,)),
    ("raise_file_not_found", (4,)),
    ("next_twice", (1,)),
    ("next_once", (5,)),
]
