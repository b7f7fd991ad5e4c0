import numpy as np, math
from numba import njit

@njit("(List(int64, reflected=True),)")
def hash_list(xs):
    return hash(xs)

@njit("(int64,)")
def max_int(n):
    return max(n), min(n)

@njit("(float64[:],)")
def if_array(a):
    if a:
        return 1
    return 0

@njit("(float64[:, :],)")
def bool2d(a):
    return bool(a)

@njit("(int64,)")
def isinst(n):
    return isinstance(n, (int, float))

@njit("(uint64, int8)")
def logs(a, b):
    return math.log(a), math.log(b)


CALLS = [("hash_list", ([1, 2],)), ("max_int", (3,)), ("if_array", (np.array([2.0]),)), ("if_array", (np.array([0.0]),)),
 ("if_array", (np.array([]),)), ("if_array", (np.array([1.0, 2.0]),)), ("bool2d", (np.ones((1, 1)),)), ("bool2d", (np.ones((1, 2)),)),
 ("isinst", (3,)), ("logs", (2**63 + 5, -3)), ("logs", (10, 4))]
