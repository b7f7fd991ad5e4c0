import numpy as np
from numba import njit


@njit(["(float64[:, :],)", "(int32[:, :],)", "(float32[:, :, :],)", "(bool[:, :],)"])
def axis_sums(a):
    s0 = a.sum(axis=0)
    s1 = np.sum(a, axis=1)
    p0 = np.prod(a, axis=0)
    return s0, s1, p0


@njit(["(float64[:, :],)", "(int64[:, :],)"])
def axis_extrema(a):
    mx = np.max(a, axis=0)
    mn = np.min(a, axis=1)
    am = np.argmax(a, axis=0)
    ai = np.argmin(a, axis=1)
    return mx, mn, am, ai


@njit(["(float64[:, :],)", "(int64[:, :],)"])
def axis_means(a):
    return np.mean(a, axis=0)


CALLS = [("axis_sums", (np.arange(6.0).reshape(2, 3),))]
