# Lazy jit functions the module's own top-level code calls (filling lookup tables, computing
# constants): Numba compiles them when the module is imported, for the Python values given;
# the built module has those specializations, and the filled tables and the results bound to
# globals (LIMIT = triangle(10)) are frozen into readers.
import numpy as np
from numba import njit


@njit
def sq(x):
    return x * x


@njit
def fill_tab(b, scale):
    for i in range(b.shape[0]):
        b[i] = (i + 1) * scale


@njit
def triangle(n):
    return n * (n + 1) // 2


P = np.zeros(3)
for i in range(3):
    P[i] = sq(i + 0.5)

B = np.empty(5)
fill_tab(B, 2.5)

TRI = np.zeros(6, np.int64)
for k in range(6):
    TRI[k] = triangle(k)


LIMIT = triangle(10)
SQUARES = np.arange(1.0, 4.0)
HALF = sq(2.5)
ROUNDED = int(sq(4.5))


@njit
def norm(v):
    return np.sqrt((v * v).sum())


NORM = norm(np.array([3.0, 4.0]))


@njit
def read_p(i):
    return P[i]


@njit
def read_b():
    return B.sum()


@njit
def tri_below(n):
    total = 0
    for k in range(TRI.shape[0]):
        if TRI[k] < n:
            total += TRI[k]
    return total + LIMIT


@njit
def half_plus(x):
    return x + HALF + ROUNDED + NORM


CALLS = [
    ("read_p", (2,)),
    ("read_p", (0,)),
    ("read_b", ()),
    ("tri_below", (7,)),
    ("sq", (1.5,)),
    ("half_plus", (1.0,)),
    ("triangle", (4,)),
]
