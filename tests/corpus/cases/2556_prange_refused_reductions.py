"""prange reductions Numba refuses: a call other than max/min combining the variable, max/min
of more than two values, and the variable as the right operand (`s = x - s`, also `+`)."""
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def np_max(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s = np.maximum(s, a[i])
    return s


@njit(parallel=True)
def rsub(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s = a[i] - s
    return s


@njit(parallel=True)
def max_call3(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s = max(s, a[i], 1.0)
    return s


@njit(parallel=True)
def rdiv(a):
    s = 1.0
    for i in prange(a.shape[0]):
        s = a[i] / s
    return s


@njit(parallel=True)
def radd(a):
    s = 1.0
    for i in prange(a.shape[0]):
        s = a[i] + s
    return s


@njit(parallel=True)
def mn(a):
    s = 1.0
    for i in prange(a.shape[0]):
        s = min(a[i], s)
    return s
@njit("float64(float64[:])", parallel=True)
def rsub_sig(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s = a[i] - s
    return s


@njit("float64(float64[:])", parallel=True)
def npmax_sig(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s = np.maximum(s, a[i])
    return s


CALLS = [("np_max", (np.arange(4.0),)), ("rsub", (np.arange(4.0),)), ("max_call3", (np.arange(4.0),)),
         ("rdiv", (np.arange(1.0, 5.0),)), ("radd", (np.arange(4.0),)), ("mn", (np.arange(4.0),))]
