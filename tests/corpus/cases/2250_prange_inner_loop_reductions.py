# prange reductions whose accumulator is updated inside an inner loop of the prange body.
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def inner_for(n, k):
    s = 0
    for i in prange(n):
        for j in range(k):
            s += 1
    return s


@njit(parallel=True)
def inner_while(n):
    s = 0
    for i in prange(n):
        j = 0
        while j < 2:
            s += 1
            j += 1
    return s


@njit(parallel=True)
def rows_sum(m):
    s = 0.0
    for i in prange(m.shape[0]):
        for j in range(m.shape[1]):
            s += m[i, j]
    return s


@njit(parallel=True)
def rows_sum_and_after(m):
    s = 0.0
    for i in prange(m.shape[0]):
        for j in range(m.shape[1]):
            s += m[i, j]
        s += 100.0
    return s


@njit(parallel=True)
def inner_if(m):
    s = 0
    for i in prange(m.shape[0]):
        for j in range(m.shape[1]):
            if m[i, j] > 2:
                s += 1
    return s


@njit(parallel=True)
def inner_max(m):
    best = -1.0
    for i in prange(m.shape[0]):
        for j in range(m.shape[1]):
            best = max(best, m[i, j])
    return best


@njit(parallel=True)
def inner_mul(n):
    p = 1
    for i in prange(n):
        for j in range(2):
            p *= 2
    return p


@njit(parallel=True)
def nested_prange(m):
    s = 0.0
    for i in prange(m.shape[0]):
        for j in prange(m.shape[1]):
            s += m[i, j]
    return s


@njit(parallel=True)
def two_levels(n):
    s = 0
    for i in prange(n):
        for j in range(3):
            for k in range(j):
                s += k + 1
    return s


@njit(parallel=True)
def inner_sub(n):
    s = 100.0
    for i in prange(n):
        for j in range(3):
            s -= 0.5
    return s


CALLS = [
    ("inner_for", (4, 3)),
    ("inner_for", (0, 3)),
    ("inner_while", (5,)),
    ("rows_sum", (np.arange(12.0).reshape(4, 3),)),
    ("rows_sum_and_after", (np.arange(12.0).reshape(4, 3),)),
    ("inner_if", (np.arange(12.0).reshape(3, 4),)),
    ("inner_max", (np.arange(12.0).reshape(3, 4),)),
    ("inner_mul", (5,)),
    ("nested_prange", (np.ones((3, 4)),)),
    ("two_levels", (7,)),
    ("inner_sub", (6,)),
]
