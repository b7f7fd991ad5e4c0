"""numba.config.NUMBA_NUM_THREADS in jit code (the size of the thread pool, frozen when Numba
compiles), through the module and through `from numba import config`, as parallel code
splits work by it."""
import numba
import numpy as np
from numba import config, njit, prange


@njit("boolean(int64)")
def has_threads(n):
    return numba.config.NUMBA_NUM_THREADS >= 1


@njit("boolean(int64)")
def same_count(n):
    return config.NUMBA_NUM_THREADS == numba.get_num_threads()


@njit("float64(float64[:])", parallel=True)
def chunked_sum(a):
    chunks = min(numba.config.NUMBA_NUM_THREADS, a.shape[0])
    step = (a.shape[0] + chunks - 1) // chunks
    parts = np.zeros(chunks)
    for c in prange(chunks):
        for i in range(c * step, min((c + 1) * step, a.shape[0])):
            parts[c] += a[i]
    return parts.sum()


CALLS = [
    ("has_threads", (1,)),
    ("same_count", (1,)),
    ("chunked_sum", (np.arange(10.0),)),
]
