# Array expressions over float32 and integer arrays: Numba's kernel applies the scalar operators to
# the items (float32 / int64 is a float64 division inside a larger expression) and casts only the
# stored result to the expression's dtype.
import numpy as np
from numba import njit
@njit
def f(a, b):
    return a / b + a * 0.1
@njit
def g(a, b):
    return a * b + a
@njit
def h(a, b):
    return a * b
@njit
def k(a, b):
    return a - b * 2

@njit
def m(a):
    return a * 0.1
@njit
def m2(a, b):
    return a / b
@njit
def m3(a, b):
    return (a / b) + a * np.float32(0.1)
@njit
def m4(a, b):
    t = a * 0.1
    return a / b + t
CALLS = [
    ("f", (np.array([1.1, 2.7, 3.3], dtype=np.float32), np.array([3, 7, 11]))),
    ("g", (np.array([1.1, 2.7, 3.3], dtype=np.float32), np.array([3, 7, 11]))),
    ("h", (np.array([1.1, 2.7, 3.3], dtype=np.float32), np.array([3, 7, 11]))),
    ("k", (np.array([1.1, 2.7, 3.3], dtype=np.float32), np.array([3, 7, 11], dtype=np.int32))),
    ("g", (np.array([1.5, 2.5], dtype=np.float32), np.array([3, 7], dtype=np.int16))),

    ("m", (np.array([1.1, 2.7, 3.3], dtype=np.float32),)),
    ("m2", (np.array([1.1, 2.7, 3.3], dtype=np.float32), np.array([3, 7, 11]))),
    ("m3", (np.array([1.1, 2.7, 3.3], dtype=np.float32), np.array([3, 7, 11]))),
    ("m4", (np.array([1.1, 2.7, 3.3], dtype=np.float32), np.array([3, 7, 11]))),
]

