import numpy as np
from numba import njit


@njit(error_model="numpy")
def fd(a, b):
    return a // b


@njit(error_model="numpy")
def md(a, b):
    return a % b


@njit(error_model="numpy")
def td(a, b):
    return a / b


@njit(error_model="numpy")
def dm(a, b):
    return divmod(a, b)


CALLS = [
    ("fd", (7, 0)), ("fd", (-7, 0)), ("fd", (0, 0)),
    ("md", (7, 0)), ("md", (-7, 0)),
    ("fd", (7.0, 0.0)), ("fd", (-7.0, 0.0)), ("fd", (0.0, 0.0)),
    ("md", (7.0, 0.0)), ("md", (-7.0, 0.0)),
    ("td", (1, 0)), ("td", (-1, 0)), ("td", (0, 0)),
    ("td", (1.0, 0.0)), ("td", (-1.0, 0.0)), ("td", (0.0, 0.0)), ("td", (1.0, -0.0)),
    ("dm", (7, 0)), ("dm", (7.0, 0.0)),
    ("fd", (np.uint8(7), np.uint8(0))),
    ("md", (np.uint8(7), np.uint8(0))),
    ("fd", (-9223372036854775808, -1)),
    ("md", (-9223372036854775808, -1)),
    ("fd", (np.int8(-128), np.int8(-1))),
]
