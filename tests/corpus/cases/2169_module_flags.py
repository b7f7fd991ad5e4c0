# Module-level configuration flags: names bound in the branch of an `if` whose condition
# Python decides from constants (a flag, `not`, `and`/`or`, `==` of strings, `is None`) are
# the values Numba freezes; a condition numrs cannot decide stays refused.
import numpy as np
from numba import njit

USE_FAST = True
MODE = "fast"
LIMIT = None

if USE_FAST:
    SCALE = 2.0
else:
    SCALE = 3.0

if MODE == "slow":
    OFFSET = 10
elif MODE == "fast":
    OFFSET = 20
else:
    OFFSET = 30

if not USE_FAST or MODE != "fast":
    STEPS = 1
else:
    STEPS = 4

if LIMIT is None:
    CAP = 100
else:
    CAP = LIMIT

if USE_FAST and MODE == "fast":
    TABLE = np.arange(5)
else:
    TABLE = np.arange(3)


@njit
def scaled(x):
    return x * SCALE + OFFSET


@njit
def stepped(x):
    for _ in range(STEPS):
        x = min(x + 30, CAP)
    return x


@njit
def table_sum():
    return TABLE.sum()


@njit("float64(float64)")
def eager(x):
    return x * SCALE + STEPS


CALLS = [
    ("scaled", (1.5,)),
    ("scaled", (2,)),
    ("stepped", (0,)),
    ("table_sum", ()),
    ("eager", (1.0,)),
]
