import numpy as np
from numba import njit


@njit(["(float64[:], float64)", "(float32[:], float32)", "(float64[:, :], float64)", "(int64[:], float64)"])
def expon_logpdf(x, lam):
    return np.where(x < 0, -np.inf, np.log(lam) - lam * x)


@njit(["(float64[:], float64)", "(float32[:], float64)"])
def expon_cdf(x, lam):
    out = 1.0 - np.exp(-lam * x)
    out[x < 0] = 0.0
    return out


@njit("(float64[:], float64)")
def expon_where_bad(x, lam):
    return np.where(x < 0, x)


CALLS = [("expon_logpdf", (np.array([-1.0, 1.0]), 2.0))]
