# A method that refines a list (append, insert, extend) with an item the list's items do not
# unify with. On a list a comprehension made, Numba types the call before the comprehension
# (it inlines the comprehension's blocks after the function's), so the failure is the
# comprehension's list not unifying, at the comprehension's line; on a list made by `[]` or a
# display it is the call's.
import numpy as np
from numba import njit


@njit("(int64,)")
def empty_then_two_appends(n):
    bufs = []
    bufs.append(np.zeros(n))
    bufs.append(np.ones(n, dtype=np.int32))
    return bufs


@njit("(int64,)")
def comprehension_then_append(n):
    l = [np.zeros(n) for _ in range(3)]
    l.append(np.zeros(n, dtype=np.float32))
    return l


@njit("(int64,)")
def display_then_append(n):
    l = [np.zeros(n)]
    l.append(np.ones(n, dtype=np.int32))
    return l


@njit("(int64,)")
def comprehension_copied_then_append(n):
    l = [np.zeros(n) for _ in range(3)]
    m = l
    m.append(np.ones(n, dtype=np.int32))
    return l


@njit("(int64,)")
def comprehension_then_insert(n):
    l = [np.zeros(n) for _ in range(3)]
    l.insert(0, np.ones(n, dtype=np.int32))
    return l


@njit("(int64,)")
def comprehension_then_extend(n):
    l = [np.zeros(n) for _ in range(3)]
    l.extend([np.zeros((n, 2))])
    return l


@njit("(int64,)")
def comprehension_then_append_in_loop(n):
    l = [np.zeros(n) for _ in range(3)]
    for i in range(2):
        l.append(np.ones(n, dtype=np.int32))
    return l


@njit("(int64,)")
def comprehension_then_unifying_append(n):
    l = [i for i in range(n)]
    l.append(1.5)
    return l


@njit("(int64,)")
def comprehension_of_tuples_then_append(n):
    l = [(i, 1.0) for i in range(n)]
    l.append((1, 2))
    return l


CALLS = [
    ("comprehension_then_unifying_append", (3,)),
    ("comprehension_of_tuples_then_append", (2,)),
]
