# Unary minus and invert of narrow and unsigned integers: Numba negates (or inverts) in the
# operand's width, then widens to the result type by the operand's signedness; true division
# converts each operand to float64 by its own type.
import numpy as np
from numba import njit


@njit
def neg(x):
    return -x


@njit
def unary_all(x):
    return abs(x), +x, ~x, -(-x), not x


@njit
def neg_compare(x):
    y = -x
    return y < 0, y * 2, -x > 0


@njit
def neg_items(a):
    s = 0
    for v in a:
        s += -v
    return s, -a[0], -a


@njit
def symmetric_range(n):
    out = []
    for i in range(-n, n):
        out.append(i)
    return out


@njit
def true_divide(x, y):
    return x / y


@njit
def ratios(a, b):
    out = np.empty(a.shape[0])
    for i in range(a.shape[0]):
        out[i] = a[i] / b[i]
    return out


CALLS = [
    ("neg", (np.int32(7),)),
    ("neg", (np.int8(5),)),
    ("neg", (np.int8(-128),)),
    ("neg", (np.uint8(5),)),
    ("neg", (np.uint32(5),)),
    ("neg", (True,)),
    ("unary_all", (np.int8(-128),)),
    ("unary_all", (np.int8(5),)),
    ("unary_all", (np.int32(-2147483648),)),
    ("unary_all", (np.uint8(5),)),
    ("unary_all", (np.uint16(5),)),
    ("unary_all", (False,)),
    ("neg_compare", (np.int32(5),)),
    ("neg_compare", (np.int16(-300),)),
    ("neg_items", (np.array([1, 2, 3], dtype=np.int32),)),
    ("neg_items", (np.array([3, 4], dtype=np.int16),)),
    ("neg_items", (np.array([3, 4], dtype=np.uint8),)),
    ("symmetric_range", (np.int8(3),)),
    ("symmetric_range", (np.int32(2),)),
    ("true_divide", (np.uint64(250), -3)),
    ("true_divide", (-3, np.uint64(250))),
    ("true_divide", (np.uint32(250), np.int32(-3))),
    ("true_divide", (np.uint8(250), np.int8(-3))),
    ("ratios", (np.array([1, 2, 3], dtype=np.uint32), np.array([-2, 4, -6], dtype=np.int32))),
    ("ratios", (np.array([1, 2, 3], dtype=np.uint64), np.array([-2, 4, -6]))),
]
