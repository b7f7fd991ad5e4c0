# NumPy unicode arrays (`<U n`) passed in: Numba's `array([unichr x n], 1d, C)`, whose items
# are `[unichr x n]` used as the strings they spell (comparisons, len, str, methods,
# concatenation), and written from strings (cut to n characters).
import numpy as np
from numba import njit


@njit
def count_eq(a, s):
    n = 0
    for x in a:
        if x == s:
            n += 1
    return n


@njit
def first(a):
    return a[0]


@njit
def lengths(a):
    t = 0
    for i in range(a.shape[0]):
        t += len(a[i])
    return t


@njit
def joined(a, sep):
    out = ""
    for i in range(a.size):
        if i:
            out += sep
        out += str(a[i])
    return out


@njit
def upper_first(a):
    return a[0].upper() + "!" + a[-1]


@njit
def compare_items(a):
    return a[0] == a[1], a[0] < a[2], a[1] != "c"


@njit
def write(a, s):
    a[0] = s
    a[1] = a[2]
    return a[0], a[1]


@njit
def grid(a):
    acc = ""
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            acc += a[i, j]
    return acc


@njit
def find_longest(a):
    best = ""
    for x in a:
        if len(x) > len(best):
            best = str(x)
    return best


CALLS = [
    ("count_eq", (np.array(["ab", "c", "ab", "d"]), "ab")),
    ("first", (np.array(["xyz", "w"]),)),
    ("lengths", (np.array(["ab", "c", "abc"]),)),
    ("joined", (np.array(["ab", "c", "é€"]), "-")),
    ("upper_first", (np.array(["hello", "x", "world"]),)),
    ("compare_items", (np.array(["ab", "ab", "b"]),)),
    ("write", (np.array(["aaa", "bbb", "ccc"]), "zzzzz")),
    ("grid", (np.array([["a", "bc"], ["d", "e"]]),)),
    ("find_longest", (np.array(["ab", "xyzw", "c"]),)),
]
