from numba import njit


@njit("(int64, int64)")
def star_args(*args):
    return args[0] + args[1]


@njit("(int64, int64)")
def kwonly(a, *, b):
    return a + b


@njit("(int64, int64)")
def mutable_default(a, b=[]):
    return a + b


@njit
def helper2(a, b):
    return a + b


@njit("(int64,)")
def call_too_few(a):
    return helper2(a)


@njit("(int64,)")
def call_bad_kw(a):
    return helper2(a, c=1)


@njit("(int64,)")
def call_too_many(a):
    return helper2(a, a, a)


@njit("(int64,)")
def call_kw_ok(a):
    return helper2(b=a, a=a)


@njit("(int64, int64)")
def default_none(a, b=None):
    if b is None:
        return a
    return a + b
