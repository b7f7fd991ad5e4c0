# NaN-ignoring reductions over whole arrays: leading, trailing and only NaNs, integer and
# float32 arrays, 2-d and non-contiguous arrays, and the errors for empty or all-NaN input.
import numpy as np
from numba import njit


@njit(["(float64[:],)", "(float32[:],)", "(int64[:],)"])
def all_nan_reductions(x):
    return (np.nanmin(x), np.nanmax(x), np.nansum(x), np.nanprod(x), np.nanmean(x),
            np.nanvar(x), np.nanstd(x), np.nanargmin(x), np.nanargmax(x))


@njit("(float64[:, :],)")
def over_2d(a):
    return np.nanmin(a), np.nanmax(a.T), np.nansum(a[:, ::2]), np.nanmean(a), np.nanargmax(a)


@njit("(float64[:],)")
def only_mean_var(x):
    return np.nanmean(x), np.nanvar(x), np.nansum(x), np.nanmin(x)


@njit("(float64[:],)")
def argmax_only(x):
    return np.nanargmax(x)


CALLS = [
    ("all_nan_reductions", (np.array([np.nan, 2.0, -1.5, np.nan, 4.25]),)),
    ("all_nan_reductions", (np.array([3.0, 1.0, 3.0, 1.0]),)),
    ("all_nan_reductions", (np.array([1.5, 2.5, np.nan], dtype=np.float32),)),
    ("all_nan_reductions", (np.array([4, -2, 7, 0], dtype=np.int64),)),
    ("over_2d", (np.array([[1.0, np.nan, 3.0], [np.nan, -5.0, 0.5]]),)),
    ("only_mean_var", (np.array([np.nan, np.nan]),)),
    ("argmax_only", (np.array([np.nan, np.nan]),)),
    ("all_nan_reductions", (np.zeros(0),)),
]
