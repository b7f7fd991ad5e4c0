"""`f(*t)` where f is a builtin, a NumPy function or a method: Numba passes the tuple's items
as positional arguments (the forwarding wrapper pattern, `def dig(*args): return
np.digitize(*args)`)."""
import numpy as np
from numba import njit


@njit
def digitize_fwd(*args):
    return np.digitize(*args)


@njit
def clip_rest(x, *args):
    return np.clip(x, *args)


@njit
def maximum_of_pair(a, b):
    t = (a, b)
    return np.maximum(*t)


@njit
def max_of_all(*a):
    return max(*a)


@njit
def min_mixed(a, b):
    return min(*(a, b, 2.5))


@njit
def range_sum(*bounds):
    s = 0
    for i in range(*bounds):
        s += i
    return s


@njit
def reshape_to(a, shape):
    return a.reshape(*shape)


@njit
def zeros_fwd(*args):
    return np.zeros(*args)


@njit
def float_of(*t):
    return np.float32(*t)


@njit
def raise_with(*args):
    raise ValueError(*args)


@njit("float64(UniTuple(float64, 2))")
def hypot_of(t):
    return np.hypot(*t)


CALLS = [
    ("digitize_fwd", (np.array([0.2, 6.4, 3.0, 1.6]), np.array([0.0, 1.0, 2.5, 4.0, 10.0]))),
    ("digitize_fwd", (np.array([0.2, 6.4, 3.0, 1.6]), np.array([0.0, 1.0, 2.5, 4.0, 10.0]), True)),
    ("clip_rest", (np.array([0.2, 6.4, 3.0, 1.6]), 1.0, 3.0)),
    ("maximum_of_pair", (np.array([0.2, 6.4]), np.array([1.2, 0.4]))),
    ("maximum_of_pair", (3, 4.5)),
    ("max_of_all", (1, 5, 3)),
    ("max_of_all", (1.5, -2.0)),
    ("min_mixed", (4, 3)),
    ("min_mixed", (1, 3.0)),
    ("range_sum", (10,)),
    ("range_sum", (2, 10)),
    ("range_sum", (10, 2, -3)),
    ("reshape_to", (np.arange(6.0), (2, 3))),
    ("reshape_to", (np.arange(6.0), (3, -1))),
    ("reshape_to", (np.arange(6.0), (4, 2))),
    ("zeros_fwd", (3,)),
    ("zeros_fwd", ((2, 2),)),
    ("float_of", (1.5,)),
    ("raise_with", ("bad value",)),
    ("hypot_of", ((3.0, 4.0),)),
]
