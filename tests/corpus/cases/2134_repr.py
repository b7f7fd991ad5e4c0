# repr() in compiled code, as Numba's overloads: a string between single quotes with nothing
# escaped, an integer or a boolean as its str, a float (no __repr__ there) the constant
# `<object type:float64>`.
from numba import njit


@njit
def rep(x):
    return repr(x)


@njit
def quoted(s):
    return repr(s) + repr(len(s))


CALLS = [
    ("rep", ("ab",)), ("rep", ("it's",)), ("rep", ("",)), ("rep", ("é\u2003",)), ("rep", (3,)), ("rep", (-7,)),
    ("rep", (True,)), ("rep", (1.5,)), ("quoted", ("xyz",)),
]
