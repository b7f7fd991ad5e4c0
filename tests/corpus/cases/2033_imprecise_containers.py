# A call given a dict or set nothing has typed yet waits for it, as Numba's call constraints
# wait for precise arguments: `idx[w] = len(idx)` on a new `{}` leaves it imprecise (reported
# at the `{}`); `k in d` before the first insertion types once the insertion refines d.
# dict.setdefault does not refine an untyped dict. np.random.gumbel needs loc and scale,
# np.random.uniform takes no single argument.
import numpy as np
from numba import njit


@njit("int64(int64[:])")
def index_words(a):
    idx = {}
    for w in a:
        if w not in idx:
            idx[w] = len(idx)
    return len(idx)


@njit("int64(int64)")
def len_first(n):
    s = set()
    s.add(len(s))
    return len(s)


@njit("int64(int64[:])")
def contains_first(a):
    seen = {}
    total = 0
    for w in a:
        if w in seen:
            total += seen[w]
        seen[w] = w
    return total


@njit("int64(int64[:])")
def setdefault_first(a):
    d = {}
    for w in a:
        d.setdefault(w, 0)
        d[w] += 1
    return len(d)


@njit("int64(int64[:])")
def setdefault_after(a):
    d = {0: 0}
    for w in a:
        d.setdefault(w, 0)
        d[w] += 1
    return len(d)


@njit("float64(int64)")
def gumbel_default(n):
    return np.random.gumbel()


@njit("float64(float64)")
def uniform_one(x):
    return np.random.uniform(x)


CALLS = [
    ("contains_first", (np.array([1, 2, 1, 3, 2]),)),
    ("setdefault_after", (np.array([1, 2, 1, 3, 2]),)),
]
