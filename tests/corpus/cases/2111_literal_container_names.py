# Names Numba gives literal containers print their item types' repr (Tuple((...)),
# Array(...)); `in` on a LiteralList or a LiteralStrKey[Dict] is typed (bool); str() of an
# optional float is the generic object string of the optional.
import numpy as np
from numba import njit


@njit("(int64,)")
def nested(n):
    l = [1, (2, 3)]
    return len(l)


@njit("(int64,)")
def arrays(n):
    l = [np.zeros(2), np.zeros((2, 2))]
    d = {"x": np.zeros(2), "y": np.zeros((2, 2))}
    return len(l) + len(d)


@njit("(int64,)")
def contains(n):
    l = [1, "a"]
    d = {"a": 1, "b": "x"}
    return 1 in l, "a" in d


@njit("(optional(float64),)")
def optional_float_text(x):
    return str(x)


CALLS = [("nested", (1,)), ("arrays", (1,))]
