import math
import numpy as np
from numba import njit


@njit
def fl(x):
    return math.floor(x)


@njit
def ce(x):
    return math.ceil(x)


@njit
def tr(x):
    return math.trunc(x)


@njit
def to_int(x):
    return int(x)


@njit
def np_fl(x):
    return np.floor(x), np.ceil(x), np.trunc(x), np.rint(x)


@njit
def modf(x):
    return math.modf(x) if False else (x - math.floor(x))


CALLS = [
    ("fl", (2.5,)), ("fl", (-2.5,)), ("fl", (-0.0,)), ("fl", (1e300,)), ("fl", (-1e300,)),
    ("fl", (float("inf"),)), ("fl", (float("nan"),)), ("fl", (np.float32(-1.5),)),
    ("fl", (5,)), ("fl", (True,)),
    ("ce", (2.5,)), ("ce", (-2.5,)), ("ce", (-0.5,)), ("ce", (float("-inf"),)),
    ("tr", (2.7,)), ("tr", (-2.7,)), ("tr", (1e19,)), ("tr", (float("nan"),)),
    ("to_int", (2.9,)), ("to_int", (-2.9,)), ("to_int", (-0.0,)), ("to_int", (9.3e18,)),
    ("to_int", (-9.3e18,)), ("to_int", (1e300,)), ("to_int", (float("inf"),)),
    ("to_int", (float("nan"),)), ("to_int", (np.float32(3.99),)), ("to_int", (True,)),
    ("to_int", (np.uint64(18446744073709551615),)), ("to_int", (np.int8(-5),)),
    ("np_fl", (-0.5,)), ("np_fl", (0.5,)), ("np_fl", (1.5,)), ("np_fl", (2.5,)),
    ("np_fl", (-2.5,)), ("np_fl", (float("nan"),)),
    ("np_fl", (np.float32(-0.5),)), ("np_fl", (3,)),
    ("modf", (-2.25,)),
]
