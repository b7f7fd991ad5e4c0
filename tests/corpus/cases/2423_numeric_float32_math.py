import math
import numpy as np
from numba import njit


@njit
def msin(x):
    return math.sin(x), math.exp(x), math.sqrt(x), math.log(x)


@njit
def npf(x):
    return np.sin(x), np.exp(x), np.sqrt(x), np.log(x), np.tanh(x)


@njit
def pw(x, y):
    return x ** y


@njit
def fl(x):
    return math.floor(x), math.ceil(x), math.trunc(x)


@njit
def div(x, y):
    return x / y, x // y, x % y


@njit
def f32_loop(n):
    s = np.float32(0.0)
    for i in range(n):
        s += np.float32(0.1)
    return s


@njit
def f32_hyp(a, b):
    return math.hypot(a, b), math.atan2(a, b), math.copysign(a, b)


@njit
def f32_round(x):
    return round(x), round(x, 1)


@njit
def f32_cmp(x, y):
    return x == y, x < y


CALLS = [
    ("msin", (np.float32(0.5),)), ("msin", (np.float32(2.0),)), ("msin", (np.float32(100.0),)),
    ("npf", (np.float32(0.5),)), ("npf", (np.float32(2.0),)), ("npf", (np.float32(-1.0),)),
    ("npf", (np.float32(88.8),)),
    ("pw", (np.float32(1.1), np.float32(0.5))), ("pw", (np.float32(1.1), 2)), ("pw", (np.float32(1.1), 0.5)),
    ("pw", (np.float32(2.0), np.int64(-2))), ("pw", (np.float32(10.0), np.float32(39.0))),
    ("pw", (np.float32(-8.0), np.float32(1.0 / 3))),
    ("fl", (np.float32(-2.5),)), ("fl", (np.float32(1e10),)),
    ("div", (np.float32(7.0), np.float32(3.0))), ("div", (np.float32(-7.0), np.float32(0.1))),
    ("div", (np.float32(1e-45), np.float32(3.0))),
    ("div", (np.float32(7.0), 3)), ("div", (np.float32(7.0), 3.0)),
    ("f32_loop", (10,)), ("f32_loop", (1000,)),
    ("f32_hyp", (np.float32(3.0), np.float32(4.0))), ("f32_hyp", (np.float32(-0.0), np.float32(-1.0))),
    ("f32_round", (np.float32(2.25),)), ("f32_round", (np.float32(0.15),)), ("f32_round", (np.float32(-2.5),)),
    ("f32_cmp", (np.float32(0.1), 0.1)), ("f32_cmp", (np.float32(0.5), 0.5)),
    ("f32_cmp", (np.float32(16777217.0), 16777217)),
]
