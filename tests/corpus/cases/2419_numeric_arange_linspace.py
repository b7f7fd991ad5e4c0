import numpy as np
from numba import njit


@njit
def ar3(a, b, c):
    return np.arange(a, b, c)


@njit
def ar2(a, b):
    return np.arange(a, b)


@njit
def ar1(a):
    return np.arange(a)


@njit
def lin(a, b, n):
    return np.linspace(a, b, n)


@njit
def lin_len(a, b, n):
    x = np.linspace(a, b, n)
    return len(x), x[-1] if len(x) else 0.0


CALLS = [
    ("ar3", (0.0, 1.0, 0.1)), ("ar3", (1.0, 1.3, 0.1)), ("ar3", (0.0, 0.3, 0.1)), ("ar3", (0, 10, 3)),
    ("ar3", (10, 0, -3)), ("ar3", (0, 10, -1)), ("ar3", (0, 1, 0)), ("ar3", (0.0, 1.0, 0.0)),
    ("ar3", (-1.0, -2.0, -0.25)), ("ar3", (0.1, 0.4, 0.1)), ("ar3", (0, 5, 1.5)),
    ("ar3", (np.int8(0), np.int8(5), np.int8(2))), ("ar3", (np.uint8(0), np.uint8(5), np.uint8(2))),
    ("ar3", (1 + 0j, 3 + 0j, 0.5 + 0j)), ("ar3", (np.float32(0.0), np.float32(1.0), np.float32(0.3))),
    ("ar3", (0.0, float("inf"), 1.0)), ("ar3", (0.0, float("nan"), 1.0)),
    ("ar2", (-3, 3)), ("ar2", (3, -3)), ("ar2", (0.5, 3)), ("ar2", (np.int32(1), np.int32(4))),
    ("ar1", (4.5,)), ("ar1", (-2,)), ("ar1", (np.uint8(3),)), ("ar1", (0,)),
    ("lin", (0.0, 1.0, 5)), ("lin", (0.0, 1.0, 1)), ("lin", (0.0, 1.0, 0)), ("lin", (1.0, 0.0, 4)),
    ("lin", (0, 10, 7)), ("lin", (0.1, 0.7, 7)), ("lin", (-1e308, 1e308, 3)), ("lin", (0.0, float("inf"), 3)),
    ("lin", (1 + 1j, 2 - 1j, 3)), ("lin", (0.0, 1.0, -1)), ("lin", (np.float32(0.0), np.float32(1.0), 3)),
    ("lin_len", (0.0, 1.0, 49)), ("lin_len", (0.1, 0.3, 3)),
]
