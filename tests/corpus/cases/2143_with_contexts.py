# `with` statements: only Numba's own context managers (objmode, parallel_chunksize) compile;
# any other object is Numba's CompilerError from its with-lifting pass, before typing:
# "Unsupported context manager in use" for a global (also through a local alias),
# "Illegal use of context-manager." for one made by a call that is not of a global, and
# "Undefined variable used as context manager" for an undefined name.
import threading
import numpy as np
from numba import njit, prange, parallel_chunksize

LOCK = threading.Lock()


@njit("(int64,)")
def locked(n):
    with LOCK:
        n += 1
    return n


@njit("(int64,)", parallel=True)
def chunked(n):
    acc = 0
    with parallel_chunksize(4):
        for i in prange(n):
            acc += i
    return acc


@njit("(int64,)")
def local_cm(n):
    x = LOCK
    with x:
        n += 1
    return n


@njit("(int64,)")
def call_cm(n):
    with np.errstate(all="ignore"):
        n += 1
    return n


@njit("(int64,)")
def undefined_cm(n):
    with nothere:  # noqa: F821
        n += 1
    return n


@njit("(int64,)")
def int_cm(n):
    with n:
        n += 1
    return n


CALLS = [("chunked", (10,))]
