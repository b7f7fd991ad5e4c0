import math
import numpy as np
from numba import njit


@njit(["(float64[:], float64, float64)", "(float32[:], float32, float32)", "(float64[:], int64, int64)"])
def norm_cdf(x, mu, sigma):
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        z = (x[i] - mu) / (sigma * math.sqrt(2.0))
        out[i] = 0.5 * (1.0 + math.erf(z))
    return out


@njit(["(float64[:], float64, float64)", "(float32[:], float64, float64)"])
def norm_pdf(x, mu, sigma):
    z = (x - mu) / sigma
    return np.exp(-0.5 * z * z) / (sigma * np.sqrt(2.0 * np.pi))


@njit("(float64[:], float64, float64)")
def norm_cdf_bad(x, mu, sigma):
    return 0.5 * (1.0 + math.erf((x - mu) / sigma))


CALLS = [("norm_cdf", (np.array([0.0, 1.0]), 0.0, 1.0))]
