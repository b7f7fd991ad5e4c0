import numpy as np
from numba import njit


@njit(["(int32[:], float32[:])", "(int64[:], float32[:])", "(uint8[:], int8[:])", "(uint64[:], int64[:])", "(bool[:], int64[:])", "(complex64[:], float64[:])"])
def mix(a, b):
    s = a + b
    p = a * b
    q = a / b
    return s, p, q


@njit(["(int32[:], int32)", "(int16[:], float64)", "(float32[:], float64)", "(uint32[:], int64)"])
def mix_scalar(a, k):
    return a * k, a + 1, a // 2


CALLS = [("mix", (np.array([1, 2], dtype=np.int32), np.array([1.0, 2.0], dtype=np.float32)))]
