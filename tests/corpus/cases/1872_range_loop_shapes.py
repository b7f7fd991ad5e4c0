# Loop shapes the code generator rewrites: several `continue`s (one latch per loop header),
# ranges with negative and non-unit steps, unsigned bounds, and an exhausted range iterator
# looped over again.
import numpy as np
from numba import njit


@njit("int64(int64)")
def skips(n):
    total = 0
    for i in range(n):
        if i % 3 == 0:
            continue
        for j in range(i, -1, -2):
            if j == 5:
                continue
            if (i + j) % 7 == 0:
                continue
            total += i * j
    return total


@njit("int64(int64, int64, int64)")
def stepped(a, b, s):
    total = 0
    for i in range(a, b, s):
        total = total * 3 + i
    return total


@njit("int64(uint64, uint64)")
def unsigned_range(a, b):
    c = 0
    for i in range(a, b):
        c += 1
    return c


@njit("int64(int64)")
def reused_iterator(n):
    it = iter(range(n))
    first = 0
    for x in it:
        first += x
    second = 0
    for y in it:
        second += 1
    return first * 100 + second


@njit("int64(float64[:], float64)")
def while_continue(a, lim):
    i = 0
    c = 0
    while i < a.shape[0]:
        i += 1
        if a[i - 1] > lim:
            continue
        if a[i - 1] < -lim:
            continue
        c += 1
    return c


@njit("(int64, int64, int64, int64)")
def range_ops(a, b, s, x):
    r = range(a, b, s)
    return len(r), x in r, (x + 1) in r, len(range(b)), -1 in range(b)


CALLS = [
    ("skips", (0,)),
    ("skips", (30,)),
    ("stepped", (0, 10, 3)),
    ("stepped", (10, -10, -4)),
    ("stepped", (5, 5, 1)),
    ("stepped", (9223372036854775800, 9223372036854775807, 3)),
    ("stepped", (-9223372036854775800, -9223372036854775807, -5)),
    ("stepped", (0, 10, 0)),
    ("unsigned_range", (3, 10)),
    ("unsigned_range", (10, 3)),
    ("reused_iterator", (6,)),
    ("range_ops", (0, 10, 3, 9)),
    ("range_ops", (10, -10, -4, -6)),
    ("range_ops", (10, -10, -4, 10)),
    ("range_ops", (10, -10, -4, -10)),
    ("range_ops", (5, 5, 1, 5)),
    ("range_ops", (-3, 4, 1, -3)),
    ("range_ops", (0, 10, 0, 1)),
    ("while_continue", (np.linspace(-2.0, 2.0, 17), 1.0)),
]
