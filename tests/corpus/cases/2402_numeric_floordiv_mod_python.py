import numpy as np
from numba import njit


@njit
def fd(a, b):
    return a // b


@njit
def md(a, b):
    return a % b


@njit
def dm(a, b):
    return divmod(a, b)


@njit
def td(a, b):
    return a / b


@njit
def fd_inplace(a, b):
    a //= b
    return a


CALLS = [
    ("fd", (7, 2)), ("fd", (-7, 2)), ("fd", (7, -2)), ("fd", (-7, -2)),
    ("fd", (7, 0)), ("fd", (0, 0)),
    ("fd", (-9223372036854775808, -1)),
    ("fd", (np.int8(-128), np.int8(-1))),
    ("fd", (np.int32(-2147483648), np.int32(-1))),
    ("fd", (np.uint8(200), np.uint8(0))),
    ("md", (7, 2)), ("md", (-7, 2)), ("md", (7, -2)), ("md", (-7, -2)),
    ("md", (7, 0)),
    ("md", (-9223372036854775808, -1)),
    ("md", (np.int8(-128), np.int8(-1))),
    ("fd", (7.5, 2.0)), ("fd", (-7.5, 2.0)), ("fd", (7.5, -2.0)),
    ("fd", (7.5, 0.0)), ("fd", (-0.0, 1.0)), ("fd", (0.0, -1.0)),
    ("fd", (1.0, float("inf"))), ("fd", (-1.0, float("inf"))), ("fd", (float("inf"), 2.0)),
    ("fd", (float("nan"), 2.0)),
    ("md", (7.5, 2.0)), ("md", (-7.5, 2.0)), ("md", (7.5, -2.0)),
    ("md", (7.5, 0.0)), ("md", (-0.0, 1.0)), ("md", (0.0, -1.0)), ("md", (-2.0, 1.0)),
    ("md", (1.0, float("inf"))), ("md", (-1.0, float("inf"))), ("md", (1.0, float("-inf"))),
    ("md", (float("inf"), 2.0)),
    ("md", (5, 2.5)), ("md", (-5, 3.0)),
    ("dm", (7, 2)), ("dm", (-7, 2)), ("dm", (7, -2)), ("dm", (7, 0)),
    ("dm", (7.5, 2.0)), ("dm", (-7.5, 2.0)), ("dm", (7.5, 0.0)), ("dm", (-0.0, 3.0)),
    ("dm", (1.0, float("inf"))), ("dm", (-1.0, float("inf"))),
    ("dm", (np.int8(-128), np.int8(-1))),
    ("dm", (np.uint8(7), np.uint8(0))),
    ("td", (1, 0)), ("td", (0, 0)), ("td", (1.0, 0.0)), ("td", (-1, 2)),
    ("td", (9007199254740993, 1)),
    ("td", (np.int8(1), np.int8(3))),
    ("td", (np.float32(1), np.float32(0))),
    ("fd_inplace", (-7, 2)), ("fd_inplace", (7.0, -0.5)),
    ("fd", (np.float32(-7.5), np.float32(2.0))),
    ("md", (np.float32(-7.5), np.float32(2.0))),
    ("md", (np.float32(-0.0), np.float32(2.0))),
]
