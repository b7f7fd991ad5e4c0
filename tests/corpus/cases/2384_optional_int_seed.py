# sktime MiniRocket: explicit signature with optional(int32); `if seed is not None:
# np.random.seed(seed)`.
import numpy as np
from numba import njit


@njit("float64(int32[:], optional(int32))")
def draw(a, seed):
    if seed is not None:
        np.random.seed(seed)
    return np.random.random() + a[0]


@njit("int64(optional(int64))")
def opt_plus(k):
    if k is not None:
        return k + 1
    return 0


CALLS = [
    ("draw", (np.array([1], dtype=np.int32), np.int32(3))),
    ("draw", (np.array([1], dtype=np.int32), None)),
    ("opt_plus", (5,)),
    ("opt_plus", (None,)),
]
