# An in-place operator whose right side is an array expression over a view overlapping its
# target reads the values from before the statement (Numba computes the expression first);
# builtin max/min keep the first of NaN comparisons as Python does; min/max/sum of dict
# views, dicts and sets.
import numpy as np
from numba import njit


@njit
def shift_add(a):
    u = a.copy()
    u[1:] += 2 * u[:-1]
    return u


@njit
def heat(n, steps):
    u = np.zeros((n, n))
    u[n // 2, n // 2] = 100.0
    for _ in range(steps):
        u[1:-1, 1:-1] += 0.1 * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * u[1:-1, 1:-1])
    return u.sum(), u.max()


@njit
def symmetrize(m):
    u = m.copy()
    u += 0.5 * u.T
    return u


@njit
def aliased(x):
    a = x[1:]
    b = x[:-1]
    a += 2 * b
    return x


@njit
def plain_shift(a):
    u = a.copy()
    u[1:] += u[:-1]
    return u


@njit
def max_min(a, b):
    return max(a, b), min(a, b), max(a, b, 0.5), min(b, a, 0.5)


@njit
def running_max(xs):
    best = -1e300
    for x in xs:
        best = max(best, x)
    return best


@njit
def view_extremes(n):
    d = {}
    for i in range(n):
        d[i] = 1.0 / (i + 1)
    s = {3, 1, 4, 1, 5}
    return min(d.values()), max(d.values()), max(d.keys()), min(d), min(s), max(s)



CALLS = [
    ("shift_add", (np.array([1.0, 2.0, 3.0, 4.0]),)),
    ("heat", (7, 10)),
    ("symmetrize", (np.arange(9.0).reshape(3, 3),)),
    ("aliased", (np.array([1.0, 2.0, 3.0, 4.0]),)),
    ("plain_shift", (np.array([1.0, 2.0, 3.0, 4.0]),)),
    ("max_min", (np.nan, 1.0)),
    ("max_min", (1.0, np.nan)),
    ("running_max", (np.array([1.0, np.nan, 0.5]),)),
    ("view_extremes", (4,)),
]
