# numba.get_num_threads / numba.get_thread_id inside jit code (common in prange code that
# allocates per-thread scratch buffers).
import numpy as np
import numba
from numba import njit, prange, get_num_threads, get_thread_id


@njit
def nthreads_positive():
    return numba.get_num_threads() >= 1


@njit
def tid_in_serial():
    return get_thread_id()


@njit(parallel=True)
def per_thread_sums(a):
    nt = get_num_threads()
    buf = np.zeros(nt)
    for i in prange(len(a)):
        buf[get_thread_id()] += a[i]
    return buf.sum()


CALLS = [
    ("nthreads_positive", ()),
    ("tid_in_serial", ()),
    ("per_thread_sums", (np.arange(100.0),)),
]
