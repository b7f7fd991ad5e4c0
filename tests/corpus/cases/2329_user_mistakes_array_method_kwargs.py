import numpy as np
from numba import njit


@njit("(float64[:],)")
def meth_sum_keepdims(a):
    return a.sum(keepdims=True)


@njit("(float64[:],)")
def sort_kind(a):
    a.sort(kind='mergesort')
    return a


@njit("(float64[:, :],)")
def np_sort_axis0(a):
    return np.sort(a, axis=0)


@njit("(float64[:],)")
def argsort_kind(a):
    return a.argsort(kind='mergesort')


@njit("(float64[:, :],)")
def argsort_axis(a):
    return np.argsort(a, axis=1)


@njit("(float64[:, :],)")
def meth_max_axis(a):
    return a.max(axis=0)


@njit("(float64[:],)")
def min_initial(a):
    return a.min(initial=0.0)


@njit("(float64[:, :],)")
def meth_mean_axis(a):
    return a.mean(axis=1)


@njit("(float64[:, :],)")
def argmax_axis(a):
    return a.argmax(axis=0)


@njit("(float64[:, :],)")
def cumsum_axis(a):
    return np.cumsum(a, axis=0)
