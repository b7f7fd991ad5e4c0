import numpy as np
from numba import njit

@njit("(float64[:],)")
def two(a):
    lo, hi = np.percentile(a, np.array([25.0, 75.0]))
    x, y = a
    return lo, hi, x + y

@njit("(List(int64, reflected=True),)")
def three(xs):
    a, b, c = xs
    return a * 100 + b * 10 + c


CALLS = [("two", (np.array([1.0, 3.0]),)), ("two", (np.array([1.0, 3.0, 4.0]),)), ("two", (np.array([1.0]),)),
 ("three", ([1, 2, 3],)), ("three", ([1, 2],)), ("three", ([1, 2, 3, 4],))]
