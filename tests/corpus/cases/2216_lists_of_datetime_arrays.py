# Lists of datetime and unicode arrays returned to Python (np.split of dates, views put in a
# list): each boxed array holds its own reference to the memory.
import numpy as np
from numba import njit


@njit
def split_dates(a):
    return np.split(a, 3)


@njit
def halves(a):
    return [a[:1], a[1:]]


@njit
def made_in_loop(n):
    out = []
    for i in range(n):
        out.append(np.full(i + 1, np.timedelta64(i, "h")))
    return out


@njit
def word_views(words):
    return [words[:2], words[2:]]


@njit
def count_words(words):
    parts = [words[:2], words[2:]]
    n = 0
    for p in parts:
        n += p.shape[0]
    return n, parts[1][0]


CALLS = [
    ("split_dates", (np.array(["2024-01-01", "NaT", "2023-05-06"], dtype="M8[D]"),)),
    ("halves", (np.array(["2024-01-01", "2024-02-01", "2024-03-01"], dtype="M8[D]"),)),
    ("halves", (np.array([1, 2, 3], dtype="m8[s]"),)),
    ("made_in_loop", (3,)),
    ("word_views", (np.array(["ab", "cde", "f", "gh"]),)),
    ("count_words", (np.array(["ab", "cde", "f", "gh"]),)),
]
