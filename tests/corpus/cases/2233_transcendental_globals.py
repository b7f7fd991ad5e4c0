# Module-level values computed by NumPy's transcendental functions (np.log, np.exp, np.arctan2,
# ...): Numba freezes NumPy's own results, which differ from the C library's in the last bit for
# some inputs, so a built module computes them when it is imported. Scalars (float64, float32),
# arrays (1-d, 2-d Fortran-ordered, changed in place by `/=`, of int16 items), used by lazily
# compiled functions, an eager signature and an inner function.
import math
import numpy as np
from numba import njit

TWO = 2
LOG2PI = np.log(TWO * np.pi)
HALF_LOG2PI = 0.5 * LOG2PI
E1 = np.exp(1.0)
C32 = np.cos(np.float32(0.5))
L2 = np.log2(np.arange(1, 9))
KERNEL = np.exp(-0.5 * np.arange(-3, 4) ** 2)
KERNEL /= KERNEL.sum()
BASE = np.arange(6.0).reshape(2, 3)
FF = np.log1p(np.asfortranarray(BASE))
ANG = np.arctan2(1.0, np.array([1.0, -1.0, 0.5]))
I16 = np.sin(np.arange(4, dtype=np.int16))
GRID = np.tanh(np.linspace(-2.0, 2.0, 9)) * np.sqrt(2.0) + math.pi


@njit
def norm_logpdf(x, mu, sigma):
    z = (x - mu) / sigma
    return -0.5 * z * z - np.log(sigma) - HALF_LOG2PI


@njit
def consts():
    return LOG2PI, E1, C32


@njit
def log2_of(i):
    return L2[i]


@njit
def smooth(a):
    out = np.zeros(a.size - KERNEL.size + 1)
    for i in range(out.size):
        out[i] = np.sum(a[i:i + KERNEL.size] * KERNEL)
    return out


@njit
def kernel():
    return KERNEL


@njit
def fortran():
    return FF[1, 2], FF.sum(), FF.T.copy()


@njit("float64(int64)")
def angle(i):
    return ANG[i]


@njit
def small_ints():
    return I16.sum(), I16[3]


@njit
def with_inner(n):
    def at(i):
        return GRID[i % GRID.size]
    s = 0.0
    for i in range(n):
        s += at(i)
    return s


CALLS = [
    ("norm_logpdf", (0.3, 0.0, 1.0)),
    ("norm_logpdf", (2.5, 1.0, 0.5)),
    ("consts", ()),
    ("log2_of", (0,)),
    ("log2_of", (6,)),
    ("smooth", (np.arange(10.0),)),
    ("kernel", ()),
    ("fortran", ()),
    ("angle", (1,)),
    ("angle", (2,)),
    ("small_ints", ()),
    ("with_inner", (20,)),
]
