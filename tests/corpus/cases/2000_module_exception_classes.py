# Exception classes of the module (deriving from built-in exceptions, directly or through each
# other) raised in compiled code: Numba constructs them in Python with the arguments given
# (their own __init__ included). Matching them in an except clause is limited to Exception.
from numba import njit


class MyError(Exception):
    pass


class Sub(MyError):
    """A subclass."""


class WithInit(ValueError):
    def __init__(self, code, extra=1):
        super().__init__("code %d" % code)
        self.code = code


@njit("int64(int64)")
def raise_args(n):
    if n < 0:
        raise MyError("negative", n)
    return n


@njit("int64(int64)")
def raise_class(n):
    if n < 0:
        raise Sub
    return n


@njit("int64(int64)")
def raise_init(n):
    if n < 0:
        raise WithInit(n)
    return n


@njit("int64(int64)")
def catch(n):
    try:
        if n < 0:
            raise MyError("x")
    except Exception:
        return -1
    return n


@njit("int64(int64)")
def catch_base(n):
    try:
        if n < 0:
            raise Sub()
    except Exception:
        return -2
    return n


@njit("int64(int64)")
def use_value(n):
    e = MyError
    return n


@njit("int64(int64)")
def catch_own_class(n):
    try:
        if n < 0:
            raise MyError("x")
    except MyError:
        return -1
    return n


@njit
def lazily(n):
    if n > 10:
        raise Sub("too big", n, 1.5)
    return n


CALLS = [
    ("raise_args", (-1,)),
    ("raise_args", (3,)),
    ("raise_class", (-1,)),
    ("raise_init", (-5,)),
    ("catch", (-1,)),
    ("catch", (2,)),
    ("catch_base", (-1,)),
    ("lazily", (11,)),
    ("lazily", (1,)),
]
