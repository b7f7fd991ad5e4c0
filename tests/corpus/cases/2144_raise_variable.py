# Raising a variable: Numba reads the exception from its single definition before typing.
# A variable assigned more than once is UnsupportedError at the raise; `raise e(...)` with
# a class variable assigned more than once is ConstantInferenceError (no line).
from numba import njit
@njit("(int64,)")
def f(x):
    if x > 0:
        e = ValueError
    else:
        e = KeyError
    raise e("msg")
@njit("(int64,)")
def g(x):
    e = ValueError
    raise e("msg %d" % 1)
@njit("(int64,)")
def h(x):
    e = ValueError("boom")
    raise e
@njit("(int64,)")
def k(x):
    if x > 0:
        e = ValueError("a")
    else:
        e = KeyError("b")
    raise e


@njit("(int64,)")
def once(x):
    e = KeyError("only")
    if x > 0:
        raise e
    return x


CALLS = [("h", (1,)), ("once", (1,)), ("once", (-1,))]
