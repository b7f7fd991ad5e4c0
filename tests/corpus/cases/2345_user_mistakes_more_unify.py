import numpy as np
from numba import njit


@njit("(int64,)")
def list_then_none(n):
    res = None
    for i in range(n):
        if res is None:
            res = [i]
        else:
            res.append(i)
    return res


@njit("(float64[:],)")
def best_none_then_float(a):
    best = None
    for x in a:
        if best is None or x > best:
            best = x
    return best


@njit("(float64[:],)")
def idx_init_minus1(a):
    idx = -1
    for i in range(a.size):
        if a[i] > 0:
            idx = a[i]
    return idx


@njit("(int64,)")
def tuple_swap_types(n):
    a, b = 1, 2.5
    for i in range(n):
        a, b = b, a
    return a


@njit("(float64[:],)")
def reassign_arg_type(a):
    a = a.sum()
    return a


@njit("(int64,)")
def list_reassign_type(n):
    l = [1, 2]
    l = [1.5]
    return l


@njit("(float64[:, :],)")
def view_c_vs_a(a):
    out = np.zeros(3)
    for i in range(a.shape[0]):
        out = a[i]
    return out
