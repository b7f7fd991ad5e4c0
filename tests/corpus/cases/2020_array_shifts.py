# << and >> on integer arrays (Numba's left_shift/right_shift loops in array expressions).
import numpy as np
from numba import njit

@njit("int64[:](int64[:])")
def shl(a):
    return a << 3

@njit("int64[:](int64[:], int64[:])")
def shr(a, b):
    return a >> b


@njit("int64[:](int64[:])")
def shl_big(a):
    return a << 62


@njit("uint64[:](uint64[:], uint64[:])")
def shr_u(a, b):
    return a >> b

CALLS = [("shl", (np.array([1, -2, 3]),)), ("shr", (np.array([8, -8, 1024]), np.array([1, 2, 3]))), ("shl_big", (np.array([1, 2, 3, -1]),)), ("shr_u", (np.array([2**63, 5], np.uint64), np.array([3, 1], np.uint64)))]
