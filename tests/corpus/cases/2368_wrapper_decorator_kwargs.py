# sgkit accelerate.py: wrapper decorators that merge a module-level default-options dict and
# forward *args/**kwargs to numba.jit / numba.guvectorize.
from typing import Callable

import numpy as np
from numba import guvectorize, jit

DEFAULT_NUMBA_ARGS = {"nopython": True, "cache": False}


def numba_jit(*args, **kwargs) -> Callable:
    kwargs_ = DEFAULT_NUMBA_ARGS.copy()
    kwargs_.update(kwargs)
    return jit(*args, **kwargs_)


def numba_guvectorize(*args, **kwargs) -> Callable:
    kwargs_ = DEFAULT_NUMBA_ARGS.copy()
    kwargs_.update(kwargs)
    return guvectorize(*args, **kwargs_)


def twice(x):
    return 2 * x


twice_jit = numba_jit(twice, fastmath=True)


@numba_jit(nogil=True)
def thrice(x):
    return 3 * x


@numba_guvectorize(["void(float64[:], float64[:])"], "(n)->(n)")
def plus_one(a, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + 1.0


CALLS = [
    ("twice_jit", (4,)),
    ("thrice", (4,)),
    ("plus_one", (np.array([1.0, 2.0]),)),
]
