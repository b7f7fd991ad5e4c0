# Module-level lookup tables that later statements fill in place (a loop calling a jit function,
# a slice assignment, a plain function): Numba freezes the filled arrays when it compiles the
# readers; the built module fills them when it is imported, as the module would.
import numpy as np
from numba import njit


@njit
def _comb(n, k):
    if k > n:
        return 0
    r = 1
    for d in range(1, k + 1):
        r = r * n // d
        n -= 1
    return r


_COMB_CACHE = np.zeros((10, 4), np.int64)
for n in range(_COMB_CACHE.shape[0]):
    for k in range(_COMB_CACHE.shape[1]):
        _COMB_CACHE[n, k] = _comb(n, k)


@njit
def comb(n, k):
    cache_n, cache_k = _COMB_CACHE.shape
    if (n < cache_n) and (k < cache_k):
        return _COMB_CACHE[n, k]
    else:
        return _comb(n, k)


_POPCOUNT = np.zeros(256, np.uint8)
for i in range(256):
    _POPCOUNT[i] = bin(i).count("1")


@njit
def popcount(x):
    total = 0
    while x:
        total += _POPCOUNT[x & 0xFF]
        x >>= 8
    return total


def _log_factorial(n):
    out = 0.0
    for i in range(2, n + 1):
        out += np.log(i)
    return out


LOGFACT = np.empty(20)
LOGFACT[0] = 0.0
for i in range(1, 20):
    LOGFACT[i] = _log_factorial(i)
SQUARES = np.arange(6.0)
SQUARES[:] = SQUARES ** 2


@njit("float64(int64)")
def log_binom_sum(n):
    s = 0.0
    for k in range(n + 1):
        s += LOGFACT[n] - LOGFACT[k] - LOGFACT[n - k]
    return s


@njit
def square_of(i):
    return SQUARES[i]


COUNTED = np.empty(6)
j = 0
for a in range(3):
    for b in range(2):
        COUNTED[j] = a * 10 + b
        j += 1


@njit
def counted(k):
    return COUNTED[k]


CALLS = [
    ("comb", (5, 2)),
    ("comb", (9, 3)),
    ("comb", (20, 3)),
    ("popcount", (0,)),
    ("popcount", (255,)),
    ("popcount", (1023,)),
    ("popcount", (2**40 + 7,)),
    ("log_binom_sum", (0,)),
    ("log_binom_sum", (5,)),
    ("log_binom_sum", (19,)),
    ("square_of", (3,)),
    ("square_of", (5,)),
    ("counted", (0,)),
    ("counted", (5,)),
]
