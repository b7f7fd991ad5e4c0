# Field views of an array of records whose dtype was not made with align=True are unaligned
# arrays: a function compiled for (aligned) float64[:] cannot take one from jit code; one with
# its own lazily compiled specialization can, as can a copy.
import numpy as np
from numba import njit


@njit("float64(float64[:])")
def sum_sig(a):
    return a.sum()


@njit
def sum_lazy(a):
    return a.sum()


@njit
def frozen_with_view(cat):
    return sum_sig(cat["ra"])


@njit
def frozen_with_copy(cat):
    return sum_sig(cat["ra"].copy())


@njit
def lazy_with_view(cat):
    return sum_lazy(cat["ra"])


CALLS = [
    ("frozen_with_view", (np.zeros(2, dtype=[("id", np.int64), ("ra", np.float64)]),)),
    ("frozen_with_view", (np.zeros(2, dtype=np.dtype([("id", np.int64), ("ra", np.float64)], align=True)),)),
    ("frozen_with_copy", (np.ones(3, dtype=[("id", np.int64), ("ra", np.float64)]),)),
    ("lazy_with_view", (np.ones(3, dtype=[("id", np.int64), ("ra", np.float64)]),)),
    ("sum_sig", (np.ones(2, dtype=[("id", np.int64), ("ra", np.float64)])["ra"],)),
]
