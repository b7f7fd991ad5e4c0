import numpy as np
from numba import njit


@njit(["(int64, float64, float64)", "(int64, int64, int64)"])
def draws(n, mu, sigma):
    a = np.random.normal(mu, sigma, size=n)
    b = np.random.uniform(0.0, 1.0, n)
    c = np.random.randint(0, n, size=n)
    d = np.random.exponential(sigma, n)
    e = np.random.standard_normal((n, 2))
    return a, b, c, d, e


@njit(["(float64[:], int64)", "(int64[:], int64)"])
def resample(a, k):
    idx = np.random.choice(a.shape[0], k)
    sample = np.random.choice(a, k)
    perm = np.random.permutation(a.shape[0])
    return idx, sample, perm


@njit("(int64,)")
def draws_bad(n):
    return np.random.normal(0.0, 1.0, n, 3)


CALLS = [("draws", (3, 0.0, 1.0))]
