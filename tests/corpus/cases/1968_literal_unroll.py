# literal_unroll: a loop over a heterogeneous tuple (literal items count as types of their own)
# is versioned per item type by Numba; numrs unrolls it, so the loop variable takes each
# item's type (break, nested loops, arrays, strings, a tuple argument, a list display of
# constants). Outside a loop it returns the container without literal types.
import numpy as np
from numba import njit, literal_unroll


@njit("(int64,)")
def mixed(n):
    t = (1, 2.5, 3)
    s = 0.0
    for v in literal_unroll(t):
        s += v
    return s + n


@njit("(int64,)")
def homogeneous(n):
    t = (1, 2, 3)
    s = 0
    for v in literal_unroll(t):
        s += v * n
    return s


@njit("(int64,)")
def strings(n):
    acc = 0
    for name in literal_unroll(("ab", "cde", "f")):
        acc += len(name)
    return acc + n


@njit("(Tuple((int64, float64, unicode_type)),)")
def argument(t):
    count = 0
    for item in literal_unroll(t):
        count += 1
    return count


@njit("(int64,)")
def with_break(n):
    t = (1, "x", 2.5)
    k = 0
    for v in literal_unroll(t):
        k += 1
        if k == n:
            break
    return k


@njit("(float64[:],)")
def arrays(a):
    t = (a, a * 2.0, 3.0)
    total = 0.0
    for x in literal_unroll(t):
        total += np.sum(x)
    return total


@njit("(int64,)")
def list_arg(n):
    s = 0
    for v in literal_unroll([1, 2, 3]):
        s += v
    return s


@njit("(int64,)")
def nested_use(n):
    t = (1, 2.0)
    out = 0.0
    for v in literal_unroll(t):
        for j in range(n):
            out += v * j
    return out


@njit("(int64,)")
def not_in_loop(n):
    t = literal_unroll((1, 2.0))
    return t[0] + n


CALLS = [
    ("mixed", (2,)),
    ("homogeneous", (2,)),
    ("strings", (1,)),
    ("argument", ((1, 2.0, "s"),)),
    ("with_break", (2,)),
    ("arrays", (np.arange(3.0),)),
    ("list_arg", (1,)),
    ("nested_use", (3,)),
    ("not_in_loop", (1,)),
]
