# np.left_shift/np.right_shift of 8- and 16-bit integers shift as C does after promotion to
# int: a count at least the item's width shifts every bit out (0, or -1 for a negative value
# shifted right), as NumPy and Numba give.
import numpy as np
from numba import njit


@njit
def lshift(a, b):
    return np.left_shift(a, b)


@njit
def rshift(a, b):
    return np.right_shift(a, b)


CALLS = [
    ("lshift", (np.array([1, 1, 1], dtype=np.uint8), np.array([7, 8, 9], dtype=np.uint8))),
    ("lshift", (np.array([1, 1], dtype=np.int8), np.array([8, 9], dtype=np.int8))),
    ("lshift", (np.array([1, 1], dtype=np.uint16), np.array([16, 17], dtype=np.uint16))),
    ("lshift", (np.array([3, -3], dtype=np.int16), np.array([14, 15], dtype=np.int16))),
    ("rshift", (np.array([128, 128], dtype=np.uint8), np.array([8, 9], dtype=np.uint8))),
    ("rshift", (np.array([-128, -128, 64], dtype=np.int8), np.array([8, 9, 3], dtype=np.int8))),
    ("rshift", (np.array([40000], dtype=np.uint16), np.array([16], dtype=np.uint16))),
]
