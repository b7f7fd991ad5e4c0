# np.random in compiled code draws Numba's streams after np.random.seed: doubles, integers
# (masked rejection, ranges wider than 32 bits, a single value), normals (the second of each
# pair cached), arrays of draws, and the empty-range error.
import numpy as np
from numba import njit


@njit("(int64,)")
def streams(seed):
    np.random.seed(seed)
    a = np.random.random()
    b = np.random.randint(-5, 5)
    c = np.random.randint(0, 1 << 40)
    d = np.random.randint(7, 8)
    e = np.random.normal(2.0, 0.5)
    f = np.random.normal()
    g = np.random.standard_normal(3)
    h = np.random.randint(100)
    i = np.random.random(4)
    j = np.random.normal(1.0, 3.0, 2)
    return a, b, c, d, e, f, g, h, i, j


@njit("(int64, int64)")
def bad_range(lo, hi):
    np.random.seed(1)
    return np.random.randint(lo, hi)


CALLS = [
    ("streams", (0,)),
    ("streams", (12345,)),
    ("streams", (4294967295,)),
    ("bad_range", (3, 3)),
    ("bad_range", (-9, -2)),
]
