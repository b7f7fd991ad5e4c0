# Temporaries and iterator states in loops: each pass of a loop drops what the previous
# pass made, and a loop left early (break, return, a zip stopped by a shorter iterable)
# releases what its iterators held. The differential test also checks that no call leaves
# compiled-code memory behind.
import numpy as np
from numba import njit


@njit("(float64[:], int64)")
def median_loop(a, n):
    s = 0.0
    for i in range(n):
        s += np.median(a[i:])
    return s


@njit("(float64[:, :], int64)")
def sort_rows_loop(a, n):
    s = 0.0
    for i in range(n):
        b = a[:, ::2]
        b.sort()
        s += b[0, 0] + np.argsort(a[0, ::-1])[0]
    return s


@njit("(unicode_type,)")
def index_of_y(s):
    k = 0
    for c in s:
        if c == "y":
            break
        k += 1
    return k


@njit("(unicode_type,)")
def has_y(s):
    for c in s:
        if c == "y":
            return True
    return False


@njit("(int64,)")
def zip_short(n):
    out = []
    for x, z in zip(range(n), "xyz"):
        out.append((x, z))
    return out


@njit("(unicode_type, int64)")
def nested_break(s, n):
    k = 0
    for i in range(n):
        for c in s:
            k += 1
            if c == "b":
                break
    return k


@njit("(int64,)")
def literal_chars(n):
    out = []
    for c in "héllo":
        out.append(c * n)
    return out


CALLS = [
    ("median_loop", (np.array([3.0, 1.0, 2.0, 5.0, 4.0]), 4)),
    ("sort_rows_loop", (np.array([[3.0, 1.0, 2.0, 0.5], [5.0, 4.0, -1.0, 7.0]]), 3)),
    ("index_of_y", ("xxyz",)),
    ("index_of_y", ("abc",)),
    ("has_y", ("xyz",)),
    ("zip_short", (2,)),
    ("zip_short", (5,)),
    ("nested_break", ("abc", 3)),
    ("literal_chars", (2,)),
]
