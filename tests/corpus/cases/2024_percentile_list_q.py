# np.percentile / np.quantile with a list of q.
import numpy as np
from numba import njit

@njit("float64[:](float64[:])")
def pl(a):
    return np.percentile(a, [10.0, 50.0, 90.0])

@njit("float64[:](float64[:])")
def ql(a):
    return np.quantile(a, [0.25, 0.75])


@njit("float64[:](float64[:])")
def bad_q(a):
    return np.percentile(a, [10.0, 150.0])


CALLS = [("pl", (np.array([3.0, 1.0, 4.0, 1.5, 9.0, 2.6]),)), ("ql", (np.arange(10.0),)), ("pl", (np.array([1.0, np.nan, 2.0]),)), ("bad_q", (np.arange(3.0),))]
