import numpy as np
from numba import njit


@njit(["(float64[:],)", "(int32[:, :],)", "(float32[:],)"])
def conversions(a):
    b = a.astype(np.int32)
    c = a.astype(np.float32)
    d = np.empty_like(a, dtype=np.int64)
    e = np.zeros_like(a, dtype=np.bool_)
    f = np.ones_like(a)
    return b, c, d, e, f


@njit(["(float64[:],)", "(int64[:],)"])
def astype_str(a):
    return a.astype('float32')


@njit("(float64[:],)")
def astype_bad(a):
    return a.astype(3)


CALLS = [("astype_str", (np.arange(2),))]
