import numpy as np
from numba import njit


@njit
def pw(a, b):
    return a ** b


@njit
def ppow(a, b):
    return pow(a, b)


@njit
def npw(a, b):
    return np.power(a, b)


@njit
def ipw(a, b):
    a **= b
    return a


CALLS = [
    ("pw", (1 + 1e-7j, 100000)), ("pw", (1 + 1e-7j, 65536)), ("pw", (0.9999999 + 0j, 70000)),
    ("pw", (np.complex64(1 + 1e-4j), 70000)),
    ("ppow", (1.0000001, 1000000)), ("ppow", (3, 70001)),
    ("npw", (1.0000001, 1000000)), ("npw", (3, 70001)), ("npw", (1 + 1e-7j, 100000)),
    ("ipw", (1.0000001, 1000000)),
    ("pw", (1.0000001, np.int32(100000))), ("pw", (1.0000001, np.uint32(100000))), ("pw", (1.0000001, np.uint64(100000))),
    ("pw", (-1.0000001, 100001)), ("pw", (np.int8(3), np.int8(100))), ("pw", (np.uint64(3), np.uint64(70001))),
    ("pw", (1, -100000)), ("pw", (-1, -100001)),
]
