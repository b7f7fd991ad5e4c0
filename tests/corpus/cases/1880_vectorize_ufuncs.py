# @vectorize with signatures builds a NumPy ufunc: one loop per signature in the given order
# (NumPy picks the first that the inputs cast to safely), broadcasting, scalars in and out,
# out= arrays, 0-d inputs.
import numpy as np
from numba import vectorize


@vectorize(["float64(float64, float64)", "int64(int64, int64)", "float32(float32, float32)"])
def scaled_diff(x, y):
    d = x - y
    if d < 0:
        d = -d
    return d * 2


@vectorize(["boolean(float64)", "boolean(int32)"])
def positive(x):
    return x > 0


@vectorize(["int32(int32, int32)"])
def clipped_add(a, b):
    s = a + b
    if s > 100:
        s = 100
    return s


CALLS = [
    ("scaled_diff", (np.arange(5.0), np.linspace(0.0, 8.0, 5))),
    ("scaled_diff", (np.arange(6).reshape(2, 3), np.array([1, 5, 2]))),
    ("scaled_diff", (np.arange(3, dtype=np.float32), np.float32(1.25))),
    ("scaled_diff", (2.5, 7)),
    ("scaled_diff", (np.array([1, 2], dtype=np.int32), np.array([5, 0], dtype=np.int32))),
    ("positive", (np.array([-1.5, 0.0, 2.0]),)),
    ("positive", (np.array([-3, 0, 9], dtype=np.int32),)),
    ("clipped_add", (np.array([10, 60, 99], dtype=np.int32), np.array([5, 50, 2], dtype=np.int32))),
]
