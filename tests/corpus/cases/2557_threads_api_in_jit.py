"""numba.set_num_threads, get_parallel_chunksize and set_parallel_chunksize inside jit code:
the settings of the calling thread, checked when they run."""
import numpy as np
import numba
from numba import njit, prange, set_num_threads, get_num_threads


@njit
def set_get(k):
    old = numba.get_num_threads()
    numba.set_num_threads(k)
    r = numba.get_num_threads()
    numba.set_num_threads(old)
    return r, numba.get_num_threads() == old


@njit
def one_thread_sum(a):
    old = get_num_threads()
    set_num_threads(1)
    s = 0.0
    for x in a:
        s += x
    set_num_threads(old)
    return s


@njit(parallel=True)
def parallel_after_set(n):
    old = get_num_threads()
    set_num_threads(1)
    acc = 0
    for i in prange(n):
        acc += i
    r = get_num_threads()
    set_num_threads(old)
    return acc, r


@njit
def chunk():
    old = numba.get_parallel_chunksize()
    before = numba.set_parallel_chunksize(4)
    r = numba.get_parallel_chunksize()
    numba.set_parallel_chunksize(old)
    return old, before, r


@njit
def bad_chunk(n):
    return numba.set_parallel_chunksize(n)


@njit("(int64,)")
def typed_set(k):
    numba.set_num_threads(k)


@njit("(float64,)")
def float_threads(k):
    numba.set_num_threads(k)


CALLS = [
    ("set_get", (1,)),
    ("set_get", (0,)),
    ("set_get", (-1,)),
    ("set_get", (100000,)),
    ("one_thread_sum", (np.arange(5.0),)),
    ("parallel_after_set", (10,)),
    ("chunk", ()),
    ("bad_chunk", (-1,)),
    ("bad_chunk", (0,)),
    ("typed_set", (1,)),
]
