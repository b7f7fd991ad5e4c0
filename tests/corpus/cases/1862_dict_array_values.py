import numpy as np
from numba import njit


@njit("(int64,)")
def of_arrays(n):
    d = {}
    for i in range(n):
        d[i] = np.arange(i + 1) * 1.0
    d[0] = np.ones(2)
    total = 0.0
    for k, v in d.items():
        total += v.sum() * (k + 1)
    del d[n - 1]
    e = d.copy()
    return d, e, total


@njit("(int64,)")
def pair_values(n):
    d = {1: (n, np.zeros(n))}
    m, a = d[1]
    a[0] = 5.0
    return d, m


@njit("(int64,)")
def missing_with_arrays(n):
    d = {1: np.zeros(3)}
    return d[n].sum()


CALLS = [
    ("of_arrays", (3,)),
    ("pair_values", (2,)),
    ("missing_with_arrays", (1,)),
    ("missing_with_arrays", (2,)),
]
