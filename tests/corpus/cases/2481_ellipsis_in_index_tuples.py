"""Index tuples holding `Ellipsis` passed from Python (Numba's `Tuple(..., int64)`), and `...`
written in subscripts."""
import numpy as np
from numba import njit


@njit
def index(a, idx):
    return a[idx]


@njit
def last_column(a):
    return a[..., -1]


CALLS = [
    ("index", (np.arange(6).reshape(2, 3), (Ellipsis, 1))),
    ("index", (np.arange(24).reshape(2, 3, 4), (1, Ellipsis))),
    ("last_column", (np.arange(6).reshape(2, 3),)),
]
