# numba.literally(x): the value itself when its type is a literal; for given types (an explicit
# signature) Numba's ForceLiteralArg. (Built modules do not dispatch on values: the lazy calls
# raise.)
import numpy as np
from numba import njit, literally


@njit
def g(x):
    return literally(x) + 1


@njit
def k(x):
    return g(x) * 2


@njit("int64(int64)")
def eager(x):
    return literally(x)


CALLS = [("g", (3,)), ("k", (4,))]
