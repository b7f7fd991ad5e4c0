# np.broadcast_shapes (Numba's ol_numpy_broadcast_shapes): integers, homogeneous integer
# tuples and () only (TypingError otherwise, naming the argument); UniTuple(int64 x m) with m
# the longest shape, Tuple() for none; negative and clashing extents are ValueErrors.
import numpy as np
from numba import njit


@njit
def of_arrays(a, b):
    return np.broadcast_shapes(a.shape, b.shape)


@njit
def mixed(n):
    return np.broadcast_shapes(n, (3, 1), ())


@njit
def nothing():
    return np.broadcast_shapes()


@njit
def empties():
    return np.broadcast_shapes((), ())


@njit
def three(a, b, c):
    return np.broadcast_shapes((a, 1, 1), (b, 1), (c,))


@njit
def with_float():
    return np.broadcast_shapes((2.0, 3))


@njit
def heterogeneous(n):
    return np.broadcast_shapes((n, 2.5))


@njit
def use_it(a, b):
    s = np.broadcast_shapes(a.shape, b.shape)
    return np.zeros(s).size, s[0]


CALLS = [
    ("of_arrays", (np.zeros((2, 1)), np.zeros(3))),
    ("of_arrays", (np.zeros((2, 4)), np.zeros(3))),
    ("of_arrays", (np.zeros((0, 1)), np.zeros((5, 1, 7)))),
    ("mixed", (3,)),
    ("mixed", (1,)),
    ("mixed", (-2,)),
    ("mixed", (4,)),
    ("nothing", ()),
    ("empties", ()),
    ("three", (5, 4, 3)),
    ("three", (1, 1, 1)),
    ("three", (2, 3, -1)),
    ("with_float", ()),
    ("heterogeneous", (2,)),
    ("use_it", (np.zeros((4, 1)), np.zeros((1, 6)))),
]
