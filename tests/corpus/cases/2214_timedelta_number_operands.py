# A timedelta times or over numbers of every integer width (widened to int64) and divided by
# 0-d arrays (Numba reads their item).
import numpy as np
from numba import njit


@njit
def scale(t, k):
    return t * k, k * t, t / k, t // k


@njit
def over(t, k):
    return t / k, t // k


CALLS = [
    ("scale", (np.timedelta64(10, "s"), np.int32(4))),
    ("scale", (np.timedelta64(7, "m"), np.uint8(2))),
    ("scale", (np.timedelta64(9, "h"), np.int16(-2))),
    ("scale", (np.timedelta64(9, "D"), np.float32(1.5))),
    ("over", (np.timedelta64(10, "s"), np.array(3.0))),
    ("over", (np.timedelta64(10, "s"), np.array(4))),
    ("over", (np.timedelta64(10, "s"), np.array(0))),
]
