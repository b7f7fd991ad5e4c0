import math
import numpy as np
from numba import njit


@njit
def mx(a, b):
    return max(a, b)


@njit
def mn(a, b):
    return min(a, b)


@njit
def mx3(a, b, c):
    return max(a, b, c)


@njit
def mn_tuple(t):
    return min(t)


@njit
def npmax(a, b):
    return np.maximum(a, b), np.minimum(a, b), np.fmax(a, b), np.fmin(a, b)


@njit
def neg_zero_ops(x):
    return x * -1.0, 0.0 - x, -x, x - x, x + 0.0, -0.0 + x


@njit
def copysign(a, b):
    return math.copysign(a, b)


@njit
def fmod(a, b):
    return math.fmod(a, b)


CALLS = [
    ("mx", (0.0, -0.0)), ("mx", (-0.0, 0.0)), ("mn", (0.0, -0.0)), ("mn", (-0.0, 0.0)),
    ("mx", (float("nan"), 1.0)), ("mx", (1.0, float("nan"))),
    ("mn", (float("nan"), 1.0)), ("mn", (1.0, float("nan"))),
    ("mx", (1, 2.5)), ("mx", (3, 2.5)), ("mn", (True, 0.5)),
    ("mx3", (1.0, float("nan"), 3.0)), ("mx3", (float("nan"), 1.0, 3.0)),
    ("mx3", (-0.0, 0.0, -0.0)),
    ("mn_tuple", ((3.0, float("nan"), 1.0),)), ("mn_tuple", ((float("nan"), 3.0, 1.0),)),
    ("mn_tuple", ((0.0, -0.0),)),
    ("npmax", (float("nan"), 1.0)), ("npmax", (1.0, float("nan"))), ("npmax", (0.0, -0.0)),
    ("npmax", (-0.0, 0.0)),
    ("neg_zero_ops", (0.0,)), ("neg_zero_ops", (-0.0,)),
    ("copysign", (1.0, -0.0)), ("copysign", (float("nan"), -1.0)), ("copysign", (float("inf"), -0.0)),
    ("copysign", (0.0, float("-nan"))),
    ("fmod", (5.5, 2.0)), ("fmod", (-5.5, 2.0)), ("fmod", (5.5, -2.0)), ("fmod", (-0.0, 1.0)),
    ("fmod", (1.0, 0.0)), ("fmod", (float("inf"), 1.0)), ("fmod", (1.0, float("inf"))),
    ("fmod", (float("nan"), 1.0)), ("fmod", (5, 3)), ("fmod", (-5, 3)),
]
