# @guvectorize with only a layout (Numba's dynamic GUFunc): each call whose element types no
# loop takes compiles the kernel for them (arrays of the core's dimensions, scalars for empty
# cores); outputs are passed in. Jit callers compile loops the same way.
import numpy as np
from numba import guvectorize, njit


@guvectorize("(n),()->(n)")
def shift(a, k, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + k


@guvectorize("(n)->()")
def spread(a, out):
    out[0] = a.max() - a.min()


@njit("(float32[:, :],)")
def spreads(m):
    out = np.zeros(m.shape[0], dtype=np.float32)
    spread(m, out)
    return out


def run_shift(a, k):
    out = np.zeros_like(a)
    shift(a, k, out)
    return out


CALLS = [
    ("shift", (np.arange(4.0), 1.5, np.zeros(4))),
    ("shift", (np.arange(6).reshape(2, 3), 10, np.zeros((2, 3), dtype=np.int64))),
    ("spread", (np.array([[3.0, 1.0, 4.0], [1.0, 5.0, 9.0]]), np.zeros(2))),
    ("spreads", (np.array([[2.0, 7.0], [1.0, 8.0]], dtype=np.float32),)),
]
