# Values that may be None: an optional array in array arithmetic, comparisons, ufuncs and NumPy
# reductions after an `is None` check (Numba casts it to the array; TypeError for None), and an
# attribute set on an optional jitclass instance. (Numba fails to compile an in-place operator on
# an optional array, with an internal TypeError.)
import numpy as np
from numba import njit, int64
from numba.experimental import jitclass


@jitclass([("v", int64)])
class Box:
    def __init__(self, v):
        self.v = v


@njit
def maybe_box(n):
    if n < 0:
        return None
    return Box(n)


@njit
def set_v(n):
    b = maybe_box(n)
    b.v = 7
    return b.v


@njit
def bump_guarded(n):
    b = maybe_box(n)
    if b is None:
        return -1
    b.v += 1
    return b.v


@njit
def pick_row(m, i):
    r = None
    if i >= 0:
        r = m[i]
    if r is None:
        return np.zeros(m.shape[1])
    return r * 2 + r


@njit
def prev_diff(m):
    prev = None
    tot = 0.0
    for i in range(m.shape[0]):
        row = m[i]
        if prev is not None:
            tot += np.abs(row - prev).sum()
        prev = row
    return tot


@njit
def count_gt(a, flag):
    x = a if flag else None
    if x is None:
        return 0
    return (x > 1).sum()


@njit
def sqrt_opt(a, flag):
    x = a if flag else None
    if x is None:
        return np.zeros(0)
    return np.sqrt(x) - x


@njit
def npsum_opt(a, flag):
    x = a if flag else None
    if x is None:
        return 0.0
    return np.sum(x) + np.max(x)


@njit
def opt_inplace(a, flag):
    x = a if flag else None
    if x is not None:
        x += 1
    return a


@njit
def unguarded(a, flag):
    x = a if flag else None
    return x * 2


CALLS = [
    ("set_v", (3,)),
    ("bump_guarded", (3,)),
    ("bump_guarded", (-3,)),
    ("pick_row", (np.array([[1.0, 2.0], [5.0, 5.0]]), 1)),
    ("pick_row", (np.array([[1.0, 2.0], [5.0, 5.0]]), -1)),
    ("prev_diff", (np.array([[1.0, 2.0], [3.0, 1.0], [0.0, 0.0]]),)),
    ("count_gt", (np.arange(4), True)),
    ("count_gt", (np.arange(4), False)),
    ("sqrt_opt", (np.array([4.0, 9.0]), True)),
    ("sqrt_opt", (np.array([4.0, 9.0]), False)),
    ("npsum_opt", (np.array([3.0, 1.0, 2.0]), True)),
    ("unguarded", (np.array([1.5, 2.0]), True)),
    ("unguarded", (np.array([1.5, 2.0]), False)),
    ("opt_inplace", (np.arange(3), True)),
]
