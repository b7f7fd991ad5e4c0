import numpy as np
from numba import njit, prange


@njit(parallel=True)
def sum_sub_prod(n):
    s = 0
    d = 100
    p = 1.0
    for i in prange(n):
        s += i * i
        d -= i
        p *= 1.0 + (i % 2)
    return s, d, p


@njit(parallel=True)
def float_sum(a):
    t = 0.0
    for i in prange(a.shape[0]):
        t += a[i]
    return t


@njit(parallel=True)
def row_norms(m):
    out = np.empty(m.shape[0])
    for i in prange(m.shape[0]):
        row = m[i] * 2.0
        out[i] = np.sqrt(np.sum(row * row))
    return out


@njit(parallel=True)
def start_stop(a, lo, hi):
    acc = 0
    for i in prange(lo, hi):
        acc += a[i]
    return acc


@njit(parallel=True)
def nested(n, m):
    out = np.zeros((n, m))
    for i in prange(n):
        for j in prange(m):
            out[i, j] = i * m + j
    return out


@njit(parallel=True)
def divide_all(a, k):
    out = np.empty_like(a)
    for i in prange(a.shape[0]):
        out[i] = a[i] // k
    return out


@njit(parallel=True, boundscheck=True)
def gather_checked(a, idx):
    s = 0.0
    for i in prange(idx.shape[0]):
        s += a[idx[i]]
    return s


@njit(parallel=True)
def checked_values(a):
    t = 0.0
    for i in prange(a.shape[0]):
        if a[i] < 0:
            raise ValueError("negative value")
        t += a[i]
    return t


@njit(parallel=True)
def carried_serial(n):
    last = 0
    for i in prange(n):
        last = i
    return last


CALLS = [
    ("sum_sub_prod", (1000,)),
    ("sum_sub_prod", (0,)),
    ("sum_sub_prod", (7,)),
    ("float_sum", (np.arange(10000.0),)),
    ("row_norms", (np.arange(12.0).reshape(4, 3),)),
    ("start_stop", (np.arange(50), 10, 40)),
    ("start_stop", (np.arange(50), 30, 10)),
    ("nested", (3, 4)),
    ("divide_all", (np.arange(1000), 7)),
    ("divide_all", (np.arange(1000), 0)),
    ("gather_checked", (np.arange(5.0), np.array([0, 4, 2, 1]))),
    ("checked_values", (np.arange(100.0),)),
    ("checked_values", (np.arange(100.0) - 50.0,)),
    ("carried_serial", (10,)),
]
