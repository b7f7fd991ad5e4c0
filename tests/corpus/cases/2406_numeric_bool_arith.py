import numpy as np
from numba import njit


@njit
def add(a, b):
    return a + b


@njit
def sub(a, b):
    return a - b


@njit
def neg(a):
    return -a


@njit
def pos(a):
    return +a


@njit
def tdiv(a, b):
    return a / b


@njit
def fdiv(a, b):
    return a // b


@njit
def bsum(n):
    s = 0
    for i in range(n):
        s += i % 3 == 0
    return s


@njit
def bool_mul(a, b):
    return a * b


@njit
def bconv(x):
    return bool(x)


CALLS = [
    ("add", (True, True)), ("add", (True, 1.5)), ("add", (False, np.int8(3))),
    ("add", (True, np.uint64(1))),
    ("sub", (False, True)), ("sub", (True, np.uint8(2))),
    ("neg", (True,)), ("neg", (False,)), ("pos", (True,)),
    ("tdiv", (True, True)), ("tdiv", (True, False)),
    ("fdiv", (True, True)), ("fdiv", (True, False)),
    ("bsum", (10,)),
    ("bool_mul", (True, 2.5)), ("bool_mul", (True, np.int8(-4))), ("bool_mul", (True, False)),
    ("bconv", (0.0,)), ("bconv", (-0.0,)), ("bconv", (float("nan"),)), ("bconv", (0j,)),
    ("bconv", (complex(0, -0.0),)), ("bconv", (np.uint8(0),)), ("bconv", (np.float32(1e-45),)),
    ("bconv", ("",)), ("bconv", ("a",)),
]
