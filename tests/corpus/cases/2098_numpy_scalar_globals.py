# Module-level NumPy scalars and Python numbers made by calls: Numba types them from their
# values (np.float32(1.5) is float32, float("inf") is float64).
import numpy as np
from numba import njit

SCALE = np.float32(1.5)
OFFSET = np.int32(3)
BIG = np.uint64(5)
FLAG = np.bool_(True)
LIMIT = float("inf")
NEG = float("-inf")
HALF = float(1) / 2
COUNT = int(7.9)


@njit("(float32,)")
def scaled(x):
    return SCALE * x, OFFSET + 1, BIG + 1


@njit("(float64,)")
def clipped(x):
    return min(x, LIMIT), max(x, NEG), HALF, COUNT, FLAG


CALLS = [
    ("scaled", (2.0,)),
    ("clipped", (3.0,)),
]
