# literal_unroll corner cases: an empty tuple cannot be iterated (TypingError at the loop),
# nested literal_unroll loops are refused (UnsupportedError at the inner loop), a loop in an
# inner function is unrolled too (Numba inlines it first), continue skips to the next item.
from numba import njit, literal_unroll


@njit("(int64,)")
def empty(n):
    k = 0
    for v in literal_unroll(()):
        k += 1
    else:
        k += 10
    return k + n


@njit("(int64,)")
def nested(n):
    t = (1, "a")
    c = 0
    for x in literal_unroll(t):
        for y in literal_unroll(t):
            c += 1
    return c + n


@njit("(int64,)")
def closure(n):
    def f(q):
        s = 0.0
        for v in literal_unroll((1, 2.5)):
            s += v
        return s + q
    return f(n)


@njit("(int64,)")
def cont(n):
    s = 0.0
    for v in literal_unroll((1, 2.5, 4)):
        if v == 2.5:
            continue
        s += v
    return s + n


CALLS = [
    ("closure", (1,)),
    ("cont", (1,)),
]
