# numba.pndindex (parallel ndindex) in a parallel=True function.
import numpy as np
from numba import njit, pndindex


@njit(parallel=True)
def doubled(a):
    out = np.zeros_like(a)
    for idx in pndindex(a.shape):
        out[idx] = a[idx] * 2
    return out


CALLS = [
    ("doubled", (np.arange(6.0).reshape(2, 3),)),
]
