import numpy as np
from numba import njit


@njit("(float64[:],)")
def np_pad(a):
    return np.pad(a, 1)


@njit("(float64[:],)")
def np_gradient(a):
    return np.gradient(a)


@njit("(float64[:], float64[:])")
def np_lexsort(a, b):
    return np.lexsort((a, b))


@njit("(float64[:, :],)")
def np_apply_along(a):
    return np.apply_along_axis(np.sum, 0, a)


@njit("(float64[:], float64[:])")
def np_einsum(a, b):
    return np.einsum('i,i->', a, b)


@njit("(float64[:],)")
def np_percentile_ok(a):
    return np.percentile(a, 50.0)


@njit("(float64[:],)")
def np_nanmean_ok(a):
    return np.nanmean(a)


@njit("(float64[:],)")
def np_around_ok(a):
    return np.around(a, 2)


@njit("(float64[:],)")
def np_unique_counts(a):
    return np.unique(a, return_counts=True)


@njit("(float64[:],)")
def np_histogram_bins(a):
    return np.histogram(a, bins='auto')
