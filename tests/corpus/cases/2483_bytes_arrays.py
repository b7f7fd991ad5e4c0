"""NumPy bytes arrays (`|S n`, Numba's `[char x n]` items): passed in and returned, items read
(as `bytes`, trailing NULs dropped), compared with `bytes` and with each other, measured with
`len`, assigned from `bytes` (truncated or padded), and `S` fields of records."""
import numpy as np
from numba import njit


@njit
def count(a, x):
    c = 0
    for v in a:
        if v == x:
            c += 1
    return c


@njit
def first(a):
    return a[0]


@njit
def n(a):
    return a.shape[0]


@njit
def eq(a, b):
    return a[0] == b[0]


@njit
def length(a):
    return len(a[0])


@njit
def gc_count(seq):
    n = 0
    for base in seq:
        if base == b"G" or base == b"C":
            n += 1
    return n


@njit
def same_items(a, b):
    out = np.zeros(a.size, dtype=np.bool_)
    for i in range(a.size):
        out[i] = a[i] == b[i]
    return out


@njit
def lengths(a):
    out = np.empty(a.shape, dtype=np.int64)
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            out[i, j] = len(a[i, j])
    return out


@njit
def differ(a, i, j):
    return a[i] != a[j]


@njit
def pass_through(a):
    return a[::-1]


@njit
def pick(a, i):
    return a[i], len(a[i])


@njit
def store(a, v):
    a[0] = v
    return a


@njit
def field(ary, i):
    return ary[i].n, len(ary[i].n), ary[i].n == b"hello"


@njit
def set_field(ary, i, v):
    ary[i].n = v
    return ary[i].n


CALLS = [
    ("count", (np.array([b"ab", b"cd", b"ab"]), b"ab")), ("first", (np.array([b"ab", b"cd", b"ab"]),)), ("n", (np.array([b"ab", b"cd", b"ab"]),)), ("eq", (np.array([b"ab", b"cd", b"ab"]), np.array([b"ab", b"cd", b"ab"]))), ("length", (np.array([b"ab", b"cd", b"ab"]),)),
    ("n", (np.array([b"A", b"C", b"G"], dtype="S1"),)),
    ("gc_count", (np.array([b"A", b"C", b"G", b"T", b"G"], dtype="S1"),)),
    ("gc_count", (np.array([], dtype="S1"),)),
    ("same_items", (np.array([b"ab", b"c", b""]), np.array([b"ab", b"cd", b""]))),
    ("same_items", (np.array([b"ab", b"c"], dtype="S3"), np.array([b"ab", b"c"], dtype="S2"))),
    ("lengths", (np.array([[b"a", b"abc"], [b"", b"ab"]]),)),
    ("differ", (np.array([b"x", b"y", b"x"]), 0, 2)),
    ("differ", (np.array([b"x", b"y", b"x"]), 0, 1)),
    ("pass_through", (np.array([b"one", b"two", b"three"]),)),
    ("pick", (np.array([b"one", b"", b"three"]), 1)),
    ("pick", (np.array([b"one", b"", b"three"]), 2)),
    ("store", (np.array([b"one", b"two"]), b"xy")),
    ("field", (np.array([(1, b"abc"), (2, b"hello")], dtype=[("m", "<i4"), ("n", "S5")]), 1)),
    ("field", (np.array([(1, b"abc"), (2, b"hello")], dtype=[("m", "<i4"), ("n", "S5")]), 0)),
    ("set_field", (np.array([(1, b"abc"), (2, b"hello")], dtype=[("m", "<i4"), ("n", "S5")]), 0, b"toolongvalue")),
]
