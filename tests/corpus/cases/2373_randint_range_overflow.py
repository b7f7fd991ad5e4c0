"""np.random.randint(lo, hi) when hi - lo overflows int64: Numba computes n = hi - lo in
int64 (wraps negative) and raises ValueError ("empty range for randrange()").
numrs: for (-2**63, 2**63-1) returns a number; for (-2**62-1, 2**62+1) (n = 2**63+2)
HANGS forever (through_import.py has no timeout; use callone.py with a timeout).
Python's random.randrange/randint agree (ValueError)."""
import random
import numpy as np
from numba import njit


@njit
def np_randint(lo, hi):
    np.random.seed(1)
    return np.random.randint(lo, hi)


@njit
def py_randrange(lo, hi):
    random.seed(1)
    return random.randrange(lo, hi)


@njit
def py_randint(lo, hi):
    random.seed(1)
    return random.randint(lo, hi)


CALLS = [
    ("np_randint", (-9223372036854775808, 9223372036854775807)),
    ("np_randint", (-4611686018427387905, 4611686018427387905)),
    ("np_randint", (-4611686018427387904, 4611686018427387903)),
    ("py_randrange", (-9223372036854775808, 9223372036854775807)),
    ("py_randint", (-9223372036854775808, 9223372036854775806)),
    ("py_randint", (-10, 10)),
]
