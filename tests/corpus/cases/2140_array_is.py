# `is` of arrays (Numba's array_is): arrays of different types are never the same; of one
# type they are when shape, strides and data pointer agree (so a full slice `a[:]` is `a`).
import numpy as np
from numba import njit


@njit
def same(a):
    b = a
    return a is b, a is not b


@njit
def full_slice(a):
    return a is a[:], a is a[1:], a is a.copy()


@njit
def other_layout(a):
    return a is a[::1], a is a.T, a is a[:, 0]


@njit
def reshaped(a):
    return a is a.reshape(a.shape), a.reshape((a.size,)) is a.ravel()


CALLS = [
    ("same", (np.zeros(3),)),
    ("full_slice", (np.arange(4.0),)),
    ("other_layout", (np.zeros((2, 2)),)),
    ("reshaped", (np.zeros((2, 3)),)),
]
