# Jit functions passed from Python as arguments (Numba's `type(CPUDispatcher(<function f>))`):
# each function passed is a specialization of its own, calling it directly; the same
# callback through two levels, twice in one call, and with arrays.
import numpy as np
from numba import njit


@njit
def square(x):
    return x * x


@njit
def cube(x):
    return x * x * x


@njit
def integrate(f, a, b, n):
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        s += f(a + (i + 0.5) * h)
    return s * h


@njit
def apply_all(f, arr):
    out = np.empty_like(arr)
    for i in range(arr.size):
        out[i] = f(arr[i])
    return out


@njit
def compose_sum(f, g, x):
    return f(g(x)) + g(f(x))


@njit
def bisect(f, lo, hi, target):
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if f(mid) < target:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


@njit
def nested(f, a):
    return apply_all(f, a).sum() + integrate(f, 0.0, 1.0, 10)


CALLS = [
    ("integrate", (square, 0.0, 1.0, 100)),
    ("integrate", (cube, 0.0, 2.0, 10)),
    ("apply_all", (square, np.arange(4.0))),
    ("apply_all", (cube, np.arange(3))),
    ("compose_sum", (square, cube, 2)),
    ("compose_sum", (cube, cube, 1.5)),
    ("bisect", (cube, 0.0, 3.0, 8.0)),
    ("nested", (square, np.ones(3))),
]
